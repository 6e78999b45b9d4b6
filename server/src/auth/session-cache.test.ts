import { SessionCache, UsuarioVigente } from './session-cache';

const vigente: UsuarioVigente = { rol: 'ROL_MEDICO', servicio: 's1', tokenVersion: 3 };

describe('SessionCache', () => {
  let now = 0;
  const cache = () => new SessionCache(() => now);
  beforeEach(() => (now = 1_000_000));

  it('reads a user once per TTL, and once for concurrent requests', async () => {
    const c = cache();
    const load = jest.fn(async () => vigente);
    await Promise.all([c.get('u1', load), c.get('u1', load), c.get('u1', load)]);
    now += SessionCache.TTL_MS - 1;
    await expect(c.get('u1', load)).resolves.toEqual(vigente);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await c.get('u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forget() makes the next request read the row again', async () => {
    const c = cache();
    const load = jest.fn().mockResolvedValueOnce(vigente).mockResolvedValueOnce(null);
    await c.get('u1', load);
    c.forget('u1');
    await expect(c.get('u1', load)).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed read', async () => {
    const c = cache();
    const load = jest.fn().mockRejectedValueOnce(new Error('sin base')).mockResolvedValueOnce(vigente);
    await expect(c.get('u1', load)).rejects.toThrow('sin base');
    await expect(c.get('u1', load)).resolves.toEqual(vigente);
  });

  it('keeps users apart', async () => {
    const c = cache();
    await c.get('u1', async () => vigente);
    await expect(c.get('u2', async () => null)).resolves.toBeNull();
  });
});
