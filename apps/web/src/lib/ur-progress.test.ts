import { describe, expect, it } from 'vitest';
import { partsOf, urProgress } from './ur-progress';

describe('urProgress', () => {
  it('counts the distinct fragments of a multi-part message', () => {
    const parts = ['UR:ETH-SIGNATURE/1-3/LPADAX', 'ur:eth-signature/3-3/lpadax', 'ur:eth-signature/3-3/lpadax'];
    expect(urProgress(parts)).toEqual({ seen: 2, of: 3 });
  });
  it('takes a one-code message as complete, and ignores what is no UR part', () => {
    expect(urProgress(['ur:crypto-hdkey/oeadcyemrewytyaolntaadmutaaddlo'])).toEqual({ seen: 1, of: 1 });
    expect(urProgress(['hello', ''])).toEqual({ seen: 0, of: null });
  });
  it('fountain parts past the length are not fragments', () => {
    expect(urProgress(['ur:bytes/7-3/lpadax'])).toEqual({ seen: 0, of: 3 });
  });
});

describe('partsOf', () => {
  it('splits pasted text into distinct parts', () => {
    expect(partsOf(' ur:a/1-2/x\n\nur:a/2-2/y \r\nur:a/1-2/x ')).toEqual(['ur:a/1-2/x', 'ur:a/2-2/y']);
  });
});
