import { MSG } from '../domain/messages';
import { FailureRateLimiter } from './rate-limit';

describe('FailureRateLimiter', () => {
  it('blocks a username after 10 failures for 15 minutes, then lets it try again', () => {
    let now = 0;
    const limiter = new FailureRateLimiter(10, 100, 15 * 60 * 1000, () => now);
    for (let i = 0; i < 10; i += 1) {
      limiter.check('1.1.1.1', 'Ana');
      limiter.fail('1.1.1.1', 'Ana');
    }
    expect(() => limiter.check('2.2.2.2', 'ana')).toThrow(MSG.demasiadosIntentos);
    expect(() => limiter.check('1.1.1.1', 'otro')).not.toThrow();
    now = 15 * 60 * 1000;
    expect(() => limiter.check('1.1.1.1', 'ana')).not.toThrow();
  });

  it('blocks an IP after its own limit across usernames', () => {
    const limiter = new FailureRateLimiter(10, 3, 1000, () => 0);
    for (const u of ['a', 'b', 'c']) limiter.fail('9.9.9.9', u);
    expect(() => limiter.check('9.9.9.9', 'd')).toThrow(MSG.demasiadosIntentos);
    expect(() => limiter.check('8.8.8.8', 'd')).not.toThrow();
  });

  it('a success clears the username count', () => {
    const limiter = new FailureRateLimiter(2, 100, 1000, () => 0);
    limiter.fail('1.1.1.1', 'ana');
    limiter.succeed('ana');
    limiter.fail('1.1.1.1', 'ana');
    expect(() => limiter.check('1.1.1.1', 'ana')).not.toThrow();
  });
});
