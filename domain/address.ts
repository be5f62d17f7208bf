import type { KycAddress } from './schemas/kyc.schema';

/** Lower case, accents gone, letters and digits only: "Rua São João" → "ruasaojoao". */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The numbers in a text without leading zeros, in order: "Apto 012, Bloco 3" → "12-3". */
const numbersIn = (text: string) =>
  (text.match(/\d+/g) ?? []).map((n) => n.replace(/^0+(?=\d)/, '')).join('-');

/**
 * What makes two addresses one home, for the multi-accounting queue (issue 19): the CEP, the house
 * number without leading zeros, and the numbers of the complement ("Apto 12", "ap. 12" and
 * "Apartamento 12" are one flat; "Apto 13" is the neighbour; letters that only look alike cannot
 * tell them apart). Where the CEP covers a whole town (it ends in 000) or the house has no number,
 * the street joins the key, so two farms on one rural CEP are not one home.
 */
export function addressKey(address: Pick<KycAddress, 'cep' | 'street' | 'number' | 'complement'>): string {
  const number = /^s\/?n$/i.test(address.number) ? 'sn' : plain(address.number).replace(/^0+(?=\d)/, '');
  const wide = address.cep.endsWith('000') || number === 'sn';
  return [address.cep, number, wide ? plain(address.street) : '', numbersIn(address.complement)].join('|');
}
