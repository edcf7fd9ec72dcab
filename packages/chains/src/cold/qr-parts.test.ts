import { UR } from '@ngraveio/bc-ur';
import { describe, expect, it } from 'vitest';
import { QrPartCollector, toQrParts } from './qr-parts.js';
import { qrRefusalCode } from './test-support.js';

const TYPES = ['bytes'];
/** A message of `size` bytes as a UR of type bytes (a CBOR byte string). */
const message = (size: number, fill = 7) => UR.fromBuffer(Buffer.alloc(size, fill));

describe('animated QR parts', () => {
  it('cuts a large message into parts and puts it back from any sufficient subset in any order', () => {
    const ur = message(1_000);
    const parts = toQrParts(ur, 100);
    expect(parts.length).toBe(22); // 11 fragments once, then as many fountain parts
    expect(parts.every((p) => /^UR:BYTES\/\d+-11\/[A-Z]+$/.test(p))).toBe(true);

    // A camera that missed the first three frames and reads the rest backwards still completes.
    const collector = new QrPartCollector(TYPES);
    let last = { complete: false, progress: 0 };
    for (const part of parts.slice(3).reverse()) {
      if (collector.complete) break;
      last = collector.receive(part);
    }
    expect(last).toEqual({ complete: true, progress: 1 });
    expect(collector.finish().equals(ur)).toBe(true);
    // A frame seen again after completion changes nothing.
    expect(collector.receive(parts[0]!).complete).toBe(true);
  });

  it('shows a small message as one code', () => {
    const ur = message(40);
    const parts = toQrParts(ur);
    expect(parts).toHaveLength(1);
    const collector = new QrPartCollector(TYPES);
    expect(collector.receive(parts[0]!.toLowerCase())).toEqual({ complete: true, progress: 1 });
    expect(collector.finish().equals(ur)).toBe(true);
  });

  it('answers 40000 for text that is no UR part or a damaged one', () => {
    const part = toQrParts(message(1_000), 100)[0]!;
    const collector = new QrPartCollector(TYPES);
    expect(qrRefusalCode(() => collector.receive('https://example.com'))).toBe('40000');
    expect(qrRefusalCode(() => collector.receive('UR:BYTES/'))).toBe('40000');
    expect(qrRefusalCode(() => collector.receive('UR:BYTES/1-11/ZZZZ'))).toBe('40000');
    // One letter changed: the part's bytewords checksum no longer matches.
    const tampered = `${part.slice(0, 40)}${part[40] === 'A' ? 'E' : 'A'}${part.slice(41)}`;
    expect(qrRefusalCode(() => collector.receive(tampered))).toBe('40000');
    // A header that contradicts the body's own sequence number.
    expect(qrRefusalCode(() => collector.receive(part.replace('/1-11/', '/2-11/')))).toBe('40000');
  });

  it('answers 40002 for a part of another message or a type this exchange does not read', () => {
    const collector = new QrPartCollector(TYPES);
    collector.receive(toQrParts(message(1_000), 100)[0]!);
    expect(qrRefusalCode(() => collector.receive(toQrParts(message(1_000, 9), 100)[1]!))).toBe('40002');
    expect(qrRefusalCode(() => collector.receive(toQrParts(message(40, 9))[0]!))).toBe('40002');
    const signatures = new QrPartCollector(['eth-signature']);
    expect(qrRefusalCode(() => signatures.receive(toQrParts(message(40))[0]!))).toBe('40002');
  });

  it('answers 40001 when the parts cannot complete: missing parts at the end, or a different cut of the message', () => {
    const ur = message(1_000);
    const parts = toQrParts(ur, 100);
    const collector = new QrPartCollector(TYPES);
    for (const part of parts.slice(0, 5)) collector.receive(part);
    expect(collector.complete).toBe(false);
    expect(qrRefusalCode(() => collector.finish())).toBe('40001');
    // The same message cut into fragments of another size: its parts never fit the ones already read.
    expect(qrRefusalCode(() => collector.receive(toQrParts(ur, 150)[6]!))).toBe('40001');
  });
});
