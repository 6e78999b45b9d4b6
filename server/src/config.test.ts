import os from 'node:os';
import { ConfigError, loadConfig } from './config';
import { logFormat } from './logger';

describe('loadConfig', () => {
  it('has working defaults with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, logLevel: 'info' });
    expect(config.dbPoolSize).toBe(Math.max(4, 2 * os.availableParallelism()));
  });

  it('takes DB_POOL_SIZE and refuses a bad one with a Spanish message', () => {
    expect(loadConfig({ DB_POOL_SIZE: '12' }).dbPoolSize).toBe(12);
    for (const bad of ['0', '-3', '2.5', 'muchas', '91']) {
      expect(() => loadConfig({ DB_POOL_SIZE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DB_POOL_SIZE: bad })).toThrow(
        `DB_POOL_SIZE debe ser un número entero entre 1 y 90 (se recibió "${bad}")`,
      );
    }
  });

  it('refuses bad PORT, DATABASE_URL, JWT_SECRET and LOG_LEVEL', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL debe comenzar con postgres://',
    );
    expect(() => loadConfig({ JWT_SECRET: 'corto' })).toThrow('JWT_SECRET debe tener al menos 32 caracteres');
    expect(() => loadConfig({ LOG_LEVEL: 'ruidoso' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT debe ser json o pretty (se recibió "xml")',
    );
    expect(() => loadConfig({ LOG_FORMAT: 'JSON' })).not.toThrow();
  });
});

describe('logFormat', () => {
  it('is readable at a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});
