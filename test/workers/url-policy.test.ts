// H1: the one address policy of webhook and image URLs, judged as workerd's URL parser reads them.
// These tests call the policy only; nothing here opens a connection.
import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, outboundUrlProblem } from '../../workers/net/url-policy.ts';

describe('workerd parses hosts as the URL standard does', () => {
  it.each([
    ['https://2130706433/', '127.0.0.1'],
    ['https://0x7f.1/', '127.0.0.1'],
    ['https://0177.0.0.1/', '127.0.0.1'],
    ['https://127.1/', '127.0.0.1'],
    ['https://0x7f000001/', '127.0.0.1'],
    ['https://017700000001/', '127.0.0.1'],
    ['https://127.0.0.1./', '127.0.0.1'],
    ['https://127.0.0.%31/', '127.0.0.1'],
    ['https://\uff11\uff12\uff17.0.0.1/', '127.0.0.1'],
    ['https://127\u30020\u30020\u30021/', '127.0.0.1'],
    ['https://0/', '0.0.0.0'],
    ['https://%6c%6fcalhost/', 'localhost'],
    ['https://LOCALHOST./', 'localhost.'],
    ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['https://[::127.0.0.1]/', '[::7f00:1]'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
  ])('%s has the hostname %s', (url, hostname) => {
    expect(new URL(url).hostname).toBe(hostname);
  });
});

describe('H1: address policy', () => {
  it.each([
    'https://hooks.example.com/in',
    'https://example.com./trailing-dot',
    'https://cdn.example.com:8443/logo.png?v=2',
    'https://8.8.8.8/',
    'https://172.32.0.1/',
    'https://100.128.0.1/',
    'https://192.0.3.1/',
    'https://198.20.0.1/',
    'https://223.255.255.255/',
    'https://[2606:4700:4700::1111]/',
    'https://[2001:4860:4860::8888]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[2002:808:808::1]/',
  ])('accepts the public URL %s', (url) => {
    expect(outboundUrlProblem(url, false)).toBeNull();
  });

  // [url, what it is]; every one is refused, in production and in DEV_MODE alike.
  const nonPublic: [string, string][] = [
    ['https://10.0.0.1/', 'private 10/8'],
    ['https://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'],
    ['https://0.0.0.0/', 'this network'],
    ['https://0.1.2.3/', 'this network'],
    ['https://100.64.0.1/', 'shared address space'],
    ['https://100.127.255.255/', 'shared address space'],
    ['https://172.16.0.1/', 'private 172.16/12'],
    ['https://172.31.255.255/', 'private 172.16/12'],
    ['https://192.168.1.1/', 'private 192.168/16'],
    ['https://192.0.0.8/', 'IETF protocol assignments'],
    ['https://192.0.2.1/', 'TEST-NET-1'],
    ['https://192.88.99.1/', '6to4 relay anycast'],
    ['https://198.18.0.1/', 'benchmarking'],
    ['https://198.19.255.255/', 'benchmarking'],
    ['https://198.51.100.7/', 'TEST-NET-2'],
    ['https://203.0.113.9/', 'TEST-NET-3'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://239.255.255.250/', 'multicast'],
    ['https://240.0.0.1/', 'reserved'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://[::]/', 'unspecified'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
    ['https://[::ffff:a9fe:a9fe]/', 'IPv4-mapped link-local, hex'],
    ['https://[::8.8.8.8]/', 'IPv4-compatible (deprecated)'],
    ['https://[::ffff:0:808:808]/', 'IPv4-translated'],
    ['https://[64:ff9b::a00:1]/', 'NAT64 of 10.0.0.1'],
    ['https://[64:ff9b::808:808]/', 'NAT64 (all of it)'],
    ['https://[64:ff9b:1::1]/', 'local-use NAT64'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo'],
    ['https://[2001:2::1]/', 'benchmarking'],
    ['https://[2001:db8::1]/', 'documentation'],
    ['https://[3fff::1]/', 'documentation'],
    ['https://[2002:a00:1::1]/', '6to4 of 10.0.0.1'],
    ['https://[100::1]/', 'discard-only'],
    ['https://[5f00::1]/', 'SRv6'],
    ['https://[fc00::1]/', 'unique local'],
    ['https://[fd12:3456::1]/', 'unique local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[febf::1]/', 'link-local'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://[ff0e::1]/', 'multicast'],
    ['https://[fec0::1]/', 'site-local'],
    ['https://[feff::1]/', 'site-local'],
    ['https://[::7f00:1]/', 'IPv4-compatible loopback, hex'],
    ['https://[::ffff:0:7f00:1]/', 'IPv4-translated loopback, hex'],
    ['https://[2002:7f00:1::1]/', '6to4 of 127.0.0.1'],
    ['https://[2002:a9fe:a9fe::1]/', '6to4 of 169.254.169.254'],
    ['https://foo.localhost./', 'a localhost subdomain with a trailing dot'],
    ['https://localhost./', 'localhost with a trailing dot'],
    ['https://api.localhost/', 'a localhost subdomain'],
    ['https://intranet/', 'a single-label name'],
    ['https://intranet./', 'a single-label name with a trailing dot'],
    ['https://metadata.google.internal/', '.internal'],
    ['https://printer.local/', 'mDNS .local'],
    ['https://router.home.arpa/', 'home.arpa'],
    ['https://nas.lan./', '.lan'],
    ['https://user:pw@10.0.0.1:8443/', 'credentials and a port'],
    ['http://8.8.8.8/', 'plain http'],
    ['ftp://example.com/x', 'not http'],
  ];
  it.each(nonPublic)('refuses %s (%s) in production and in DEV_MODE', (url) => {
    expect(outboundUrlProblem(url, false)).not.toBeNull();
    expect(outboundUrlProblem(url, true)).not.toBeNull();
  });

  // Issue 10's forms of loopback: refused in production; in DEV_MODE only what the parser turns into
  // exactly `localhost` or `127.0.0.1` is allowed.
  const loopback: [string, boolean][] = [
    ['https://localhost/', true],
    ['https://LOCALHOST/', true],
    ['https://%6c%6fcalhost/', true],
    ['https://127.0.0.1/', true],
    ['https://2130706433/', true],
    ['https://0x7f.1/', true],
    ['https://0177.0.0.1/', true],
    ['https://127.1/', true],
    ['https://017700000001/', true],
    ['https://127.0.0.1./', true],
    ['https://127.0.0.%31/', true],
    ['https:\\\\127.0.0.1/', true],
    ['https://127.0.0.2/', false],
    ['https://127.255.255.254/', false],
    ['https://[::1]/', false],
    ['https://[::ffff:127.0.0.1]/', false],
    ['https://localhost./', false],
  ];
  it.each(loopback)('refuses %s in production (DEV_MODE allows it: %s)', (url, devAllowed) => {
    expect(outboundUrlProblem(url, false)).not.toBeNull();
    expect(outboundUrlProblem(url, true) === null).toBe(devAllowed);
  });

  it('says why, worded to follow the field name', () => {
    expect(outboundUrlProblem('http://example.com/x', false)).toBe('must use https');
    expect(outboundUrlProblem('https://localhost./', false)).toBe('must point to a public host, not localhost');
    expect(outboundUrlProblem('https://intranet/', false)).toBe('must point to a public host name');
    expect(outboundUrlProblem('https://0x7f.1/', false)).toBe(
      'must not point to a private, loopback, link-local or other non-public address',
    );
    expect(outboundUrlProblem('https://', false)).toBe('must be an absolute URL');
    expect(outboundUrlProblem(42, false)).toBe('is required and must be a string');
    expect(outboundUrlProblem(`https://example.com/${'a'.repeat(2048)}`, false)).toBe(
      'must be at most 2048 characters',
    );
  });

  it('hands back the parsed URL, so the contacted host is the checked one', () => {
    const verdict = checkOutboundUrl('  https://CDN.Example.com/a b.png  ', false);
    expect(verdict).toEqual({ ok: true, url: expect.any(URL) });
    expect(verdict.ok && verdict.url.href).toBe('https://cdn.example.com/a%20b.png');
  });
});
