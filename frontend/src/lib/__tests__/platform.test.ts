import { describe, expect, it } from 'vitest';
import { currentPlatformType, hostnameOf, PLATFORM_ADMIN, PLATFORM_STORE, platformTypeFromHost } from '../platform';

describe('platformTypeFromHost', () => {
  it('gives the admin side when the first label is the admin prefix', () => {
    expect(platformTypeFromHost('admin.localhost:3000')).toBe(PLATFORM_ADMIN);
    expect(platformTypeFromHost('ADMIN.zulin.example')).toBe(PLATFORM_ADMIN);
  });

  it('gives the store side for any other host', () => {
    expect(platformTypeFromHost('demo.localhost:3000')).toBe(PLATFORM_STORE);
    expect(platformTypeFromHost('acme.localhost')).toBe(PLATFORM_STORE);
    expect(platformTypeFromHost('administrator.localhost')).toBe(PLATFORM_STORE);
    expect(platformTypeFromHost('localhost:3000')).toBe(PLATFORM_STORE);
    expect(platformTypeFromHost('')).toBe(PLATFORM_STORE);
  });

  it('honours a configured prefix', () => {
    expect(platformTypeFromHost('ops.zulin.example', 'ops')).toBe(PLATFORM_ADMIN);
    expect(platformTypeFromHost('admin.zulin.example', 'ops')).toBe(PLATFORM_STORE);
  });

  it('reads the current host in the browser', () => {
    expect(currentPlatformType()).toBe(PLATFORM_STORE); // jsdom runs on demo.localhost
  });
});

describe('hostnameOf', () => {
  it('drops the port', () => {
    expect(hostnameOf('demo.localhost:3100')).toBe('demo.localhost');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
  });
});
