import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../scripts/lib/server';
import { clientIp } from '../../src/server/http';

// A client may send any X-Forwarded-For it likes; a proxy appends the address it saw. Only that last entry is
// the client's: taking the first lets anyone pick their own rate-limit bucket.
describe('the client address a rate limit counts', () => {
  it('is the last X-Forwarded-For entry, the one the proxy appended', () => {
    const req = new Request('http://localhost/api/x', {
      headers: { 'x-forwarded-for': '10.9.8.7, 198.51.100.1, 203.0.113.9' },
    });
    expect(clientIp(req)).toBe('203.0.113.9');
  });

  it("is Netlify's own address when it gives one", () => {
    const req = new Request('http://localhost/api/x', {
      headers: { 'x-forwarded-for': '10.9.8.7, 203.0.113.9', 'x-nf-client-connection-ip': '192.0.2.5' },
    });
    expect(clientIp(req)).toBe('192.0.2.5');
    expect(clientIp(req, { ip: '192.0.2.6' })).toBe('192.0.2.6');
  });

  it('locally: the last entry from a proxy on this machine, the peer itself from anywhere else', () => {
    expect(clientAddress('127.0.0.1', 'spoofed-1, 203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', ' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(clientAddress('198.51.100.7', 'spoofed-1, 203.0.113.9')).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', undefined)).toBe('127.0.0.1');
  });
});
