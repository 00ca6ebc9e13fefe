import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/document/pdfa/sha-256.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('D14: the SHA-256 behind the Factur-X trailer /ID', () => {
  it('FIPS 180-4 test vectors', () => {
    expect(hex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('equals node:crypto at every padding boundary and on document-sized input', () => {
    for (const n of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 28_731, 300_001]) {
      const data = new Uint8Array(randomBytes(n));
      expect(hex(sha256(data)), `length ${n}`).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});
