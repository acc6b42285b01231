import { describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@blaster/contract';
import { socketUrl } from './realtime';

describe('the realtime socket address', () => {
  it("uses the page's own host and port and carries no token", () => {
    const url = socketUrl('admin', { protocol: 'http:', host: 'panel.example.test:3000' });
    expect(url).toBe(`ws://panel.example.test:3000${REALTIME_PATH}?id=admin`);
    expect(url).not.toContain('token');
  });

  it('goes over wss under https', () => {
    expect(socketUrl('12', { protocol: 'https:', host: 'panel.example.test' })).toBe(
      `wss://panel.example.test${REALTIME_PATH}?id=12`,
    );
  });
});
