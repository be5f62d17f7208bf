/**
 * PIX BR Code (EMV QRCPS-MPM as the Banco Central profiles it): building dynamic codes and checking
 * any code's structure and CRC. Field rules and vectors: shared/research/brazil.md §1.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0) as 4 uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Folds accents and anything non-ASCII away, since LEN counts characters that must be bytes. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');
}

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface DynamicCharge {
  /** PSP location without scheme, e.g. `pix.trevo.bet/qr/v2/<txid>`. */
  location: string;
  merchantName: string;
  merchantCity: string;
  amountCents?: number;
}

/**
 * A dynamic BR Code (POI 12, location in 26-25, txid `***` in 62-05 because the real txid travels
 * in the location's payload), ending with its CRC.
 */
export function buildDynamicBrCode(charge: DynamicCharge): string {
  if (/^[a-z]+:\/\//i.test(charge.location)) throw new Error('the location must not carry a scheme');
  const amount = charge.amountCents !== undefined ? tlv('54', (charge.amountCents / 100).toFixed(2)) : '';
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', charge.location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    amount +
    tlv('58', 'BR') +
    tlv('59', asciiFold(charge.merchantName).toUpperCase().slice(0, 25)) +
    tlv('60', asciiFold(charge.merchantCity).toUpperCase().slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

export type BrCodeFields = Map<string, string | Map<string, string>>;

const TEMPLATE_IDS = (id: number) => (id >= 26 && id <= 51) || id === 62 || id >= 80;

function walk(text: string, nested: boolean): Map<string, string | Map<string, string>> {
  const fields = new Map<string, string | Map<string, string>>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + len > text.length) {
      throw new Error(`malformed TLV at ${i}`);
    }
    const value = text.slice(i + 4, i + 4 + len);
    fields.set(id, !nested && TEMPLATE_IDS(Number(id)) ? (walk(value, true) as Map<string, string>) : value);
    i += 4 + len;
  }
  return fields;
}

/** Parses and checks a BR Code: TLV structure, mandatory fields, Pix GUI, and the CRC. Throws on any fault. */
export function parseBrCode(code: string): BrCodeFields {
  if (!/^[\x20-\x7e]+$/.test(code) || code.length > 512) throw new Error('not an ASCII BR Code');
  const crcAt = code.length - 8;
  if (code.slice(crcAt, crcAt + 4) !== '6304') throw new Error('the CRC field must come last');
  if (crc16(code.slice(0, crcAt + 4)) !== code.slice(crcAt + 4).toUpperCase())
    throw new Error('CRC mismatch');
  const fields = walk(code, false);
  if (fields.get('00') !== '01' || [...fields.keys()][0] !== '00')
    throw new Error('payload format must be 01 and first');
  if (fields.get('53') !== '986' || fields.get('58') !== 'BR')
    throw new Error('currency must be 986 and country BR');
  if (!fields.get('59') || !fields.get('60')) throw new Error('merchant name and city are required');
  const amount = fields.get('54');
  if (amount !== undefined && (typeof amount !== 'string' || !/^\d{1,10}\.\d{2}$/.test(amount))) {
    throw new Error('bad amount');
  }
  const pix = [...fields.entries()].find(
    ([id, v]) =>
      Number(id) >= 26 &&
      Number(id) <= 51 &&
      v instanceof Map &&
      v.get('00')?.toLowerCase() === 'br.gov.bcb.pix',
  )?.[1] as Map<string, string> | undefined;
  if (!pix) throw new Error('no Pix arrangement');
  if (pix.has('01') === pix.has('25')) throw new Error('exactly one of key and location');
  return fields;
}
