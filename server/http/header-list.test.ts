import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HeaderList } from './header-list.ts';

/** The headers a real client receives when `answer` writes the response. */
async function received(answer: (res: ServerResponse) => void): Promise<Headers> {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    await response.text();
    return response.headers;
  } finally {
    server.close();
  }
}

describe('HeaderList', () => {
  it('sends each name once, with the value set last', async () => {
    const headers = await received((res) => {
      const list = new HeaderList(['X-A', '1', 'X-B', '2']).setHeader('X-A', '3');
      expect(list.get('X-A')).toBe('3');
      list.writeHead(res, 200);
      res.end('ok');
    });
    expect(headers.get('x-a')).toBe('3');
    expect(headers.get('x-b')).toBe('2');
  });

  it('replaces what the response already had under the same names, and keeps the rest', async () => {
    const headers = await received((res) => {
      res.setHeader('x-a', 'old');
      res.setHeader('X-Kept', 'yes');
      new HeaderList(['X-A', 'new']).writeHead(res, 204);
      res.end();
    });
    expect(headers.get('x-a')).toBe('new');
    expect(headers.get('x-kept')).toBe('yes');
  });

  it('copies onto the response for an answer written elsewhere', async () => {
    const headers = await received((res) => {
      new HeaderList(['X-A', '1']).copyTo(res);
      res.statusCode = 429;
      res.end();
    });
    expect(headers.get('x-a')).toBe('1');
  });
});
