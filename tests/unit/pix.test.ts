import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode, crc16, parseBrCode } from '../../domain/pix';

// Public vectors whose CRCs were recomputed independently (shared/research/brazil.md §1.9).
const VECTORS = {
  B1: '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  B2: '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4',
  B3: '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
  U1: '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6',
  Q2: '00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865406100.995802BR5913FULANO DE TAL6009SAO PAULO62070503***63049359',
  M1: '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38',
  C1: '00020126580014br.gov.bcb.pix0136bee05743-4291-4f3c-9259-595df1307ba1520400005303986540510.005802BR5914Alexandre Lima6019Presidente Prudente62180514Um-Id-Qualquer6304D475',
};

describe('PIX BR Code', () => {
  it('computes CRC-16/CCITT-FALSE with its check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it.each(Object.entries(VECTORS))('accepts the public vector %s', (_name, code) => {
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    expect(() => parseBrCode(code)).not.toThrow();
  });

  it('rejects a wrong CRC (NEG1) and a LEN that does not match its value (NEG2)', () => {
    const neg1 = VECTORS.B1.replace(/1D3D$/, '45C8');
    expect(() => parseBrCode(neg1)).toThrow(/CRC/);
    const body =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5907EMPRESA6008BRASILIA62080503***6304';
    expect(() => parseBrCode(body + crc16(body))).toThrow();
  });

  it('builds a dynamic code with POI 12, location, amount, ASCII-folded names and a valid CRC', () => {
    const code = buildDynamicBrCode({
      location: 'pix.trevo.bet/qr/v2/abc123',
      merchantName: 'Trevo Apostas Ltda',
      merchantCity: 'São Paulo',
      amountCents: 10050,
    });
    const fields = parseBrCode(code);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('54')).toBe('100.50');
    expect(fields.get('60')).toBe('SAO PAULO');
    expect((fields.get('26') as Map<string, string>).get('25')).toBe('pix.trevo.bet/qr/v2/abc123');
    expect((fields.get('62') as Map<string, string>).get('05')).toBe('***');
  });

  it('refuses a location with a scheme', () => {
    expect(() =>
      buildDynamicBrCode({ location: 'https://x.y/z', merchantName: 'A', merchantCity: 'B' }),
    ).toThrow();
  });
});
