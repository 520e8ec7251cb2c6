import { describe, expect, it } from 'vitest';
import { liveChannelUrl } from './LiveChannel';

describe('live channel address', () => {
  it('adds the token and keeps ws or wss', () => {
    expect(liveChannelUrl('ws://host:8080/api/ws', 'abc', 'http://host:8080/')).toBe('ws://host:8080/api/ws?token=abc');
    expect(liveChannelUrl('https://cloud.example/api/ws', 't', 'https://cloud.example/')).toBe(
      'wss://cloud.example/api/ws?token=t',
    );
    expect(liveChannelUrl('/api/ws', 't', 'https://cloud.example/user')).toBe('wss://cloud.example/api/ws?token=t');
  });
  it('is absent when the server names no channel', () => {
    expect(liveChannelUrl('', 't')).toBeNull();
  });
});
