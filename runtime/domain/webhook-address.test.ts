import { describe, expect, it } from 'vitest';
import { addressRefusal, isIpLiteral, webhookUrlRefusal } from './webhook-address.ts';

const refusal = (url: string, allowPrivate = false) => webhookUrlRefusal(new URL(url), { allowPrivate });

describe('addressRefusal', () => {
  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:81c::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:5db8:d822::1'],
  ])('public: %s', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it.each([
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['10.1.2.3', 'a private address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['169.254.1.1', 'a link-local address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['192.0.2.7', 'a documentation address'],
    ['198.18.0.1', 'a reserved address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a reserved address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['::', 'the unspecified address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['2001::1', 'a reserved address'],
    ['::7f00:1', 'a reserved address'],
    ['fec0::1', 'a reserved address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
    ['64:ff9b::a00:1', 'a private address'],
    ['2002:7f00:1::1', 'a loopback address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
  ])('refused: %s (%s)', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it('allowPrivate lets private, loopback, shared and link-local addresses through, never metadata or multicast', () => {
    for (const address of [
      '10.0.0.1',
      '127.0.0.1',
      '::1',
      'fd00::1',
      '100.64.0.1',
      '169.254.1.1',
      '::ffff:192.168.0.1',
    ])
      expect(addressRefusal(address, { allowPrivate: true })).toBeUndefined();
    expect(addressRefusal('169.254.169.254', { allowPrivate: true })).toBe('a cloud metadata address');
    expect(addressRefusal('224.0.0.1', { allowPrivate: true })).toBe('a multicast address');
    expect(addressRefusal('0.0.0.0', { allowPrivate: true })).toBe('a "this network" address');
  });

  it('what is not an address is refused as such', () => {
    for (const text of ['example.com', '1.2.3', '256.1.1.1', '1::2::3', '12345::', '1:2:3:4:5:6:7:8:9'])
      expect(addressRefusal(text)).toBe('not an IP address');
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('::ffff:1.2.3.4')).toBe(true);
  });
});

describe('webhookUrlRefusal', () => {
  it('accepts an https URL on a public host name or address', () => {
    expect(refusal('https://lms.example.com/hooks/courses')).toBeUndefined();
    expect(refusal('https://93.184.216.34:8443/hook?x=1')).toBeUndefined();
    expect(refusal('https://[2606:4700:4700::1111]/hook')).toBeUndefined();
  });

  it('needs https, unless private addresses are allowed, when http passes too', () => {
    expect(refusal('http://lms.example.com/')).toBe('must be an https URL');
    expect(refusal('ftp://lms.example.com/')).toBe('must be an https URL');
    expect(refusal('http://lms.example.com/', true)).toBeUndefined();
    expect(refusal('ftp://lms.example.com/', true)).toBe('must be an http or https URL');
  });

  it('refuses credentials in the URL, even when private addresses are allowed', () => {
    expect(refusal('https://user:secret@lms.example.com/')).toBe('must not contain credentials');
    expect(refusal('https://user@lms.example.com/', true)).toBe('must not contain credentials');
  });

  it('refuses metadata host names in any case and with a trailing dot', () => {
    expect(refusal('https://metadata.google.internal/computeMetadata/v1/')).toBe(
      'its host is a cloud metadata service',
    );
    expect(refusal('https://METADATA.Google.Internal./', true)).toBe('its host is a cloud metadata service');
    expect(refusal('https://169.254.169.254/latest/meta-data/', true)).toBe(
      'its host is a cloud metadata address',
    );
  });

  it('refuses localhost names unless private addresses are allowed', () => {
    expect(refusal('https://localhost/')).toBe('its host is a loopback address');
    expect(refusal('https://api.localhost/')).toBe('its host is a loopback address');
    expect(refusal('http://localhost:3000/', true)).toBeUndefined();
  });

  it.each([
    ['https://[::1]/hook', 'its host is a loopback address'],
    ['https://127.1/', 'its host is a loopback address'],
    ['https://2130706433/', 'its host is a loopback address'],
    ['https://0x7f000001/', 'its host is a loopback address'],
    ['https://0x7f.1/', 'its host is a loopback address'],
    ['https://0177.0.0.1/', 'its host is a loopback address'],
    ['https://017700000001/', 'its host is a loopback address'],
    ['https://0xa.0.0.1/', 'its host is a private address'],
    ['https://3232235777/', 'its host is a private address'],
    ['https://[::ffff:127.0.0.1]/', 'its host is a loopback address'],
    ['https://[::ffff:192.168.0.1]/', 'its host is a private address'],
    ['https://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'its host is a cloud metadata address'],
    ['https://0/', 'its host is a "this network" address'],
    ['https://[fe80::1]/', 'its host is a link-local address'],
  ])('sees through the forms WHATWG URL normalises: %s', (url, reason) => {
    expect(refusal(url)).toBe(reason);
  });

  it('allowPrivate admits loopback literals for development', () => {
    expect(refusal('http://127.0.0.1:8080/hook', true)).toBeUndefined();
    expect(refusal('http://[::1]:8080/hook', true)).toBeUndefined();
  });
});
