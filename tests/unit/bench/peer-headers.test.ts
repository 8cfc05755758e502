import { describe, expect, it } from 'vitest';
import { securityHeadersOf, servePeer } from '../../../scripts/bench/peers/serve';

// The product's answer, as its server sends it (src/server/security-headers.ts), with the transport's headers.
const productAnswer = new Headers({
  'content-type': 'text/html; charset=utf-8',
  'content-length': '6618',
  'cache-control': 'no-store',
  date: 'Fri, 27 Nov 2026 01:49:45 GMT',
  connection: 'keep-alive',
  'keep-alive': 'timeout=72',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'self'",
});

describe('securityHeadersOf', () => {
  it('keeps what tells the browser how to treat the page, and leaves the body, the transport and the policy', () => {
    expect(securityHeadersOf(productAnswer)).toEqual({
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
  });
});

describe('servePeer', () => {
  it('serves a peer with the product’s security headers and under its own policy', async () => {
    const peer = await servePeer(new URL('.', import.meta.url).pathname, "default-src 'self'; style-src 'self' 'unsafe-inline'", securityHeadersOf(productAnswer));
    try {
      const answer = await fetch(`${peer.base}/peer-headers.test.ts`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'; style-src 'self' 'unsafe-inline'");
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    } finally {
      await peer.stop();
    }
  });
});
