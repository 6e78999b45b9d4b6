import { DataSource } from 'typeorm';
import { FailureRateLimiter } from './auth/rate-limit';
import { TokenService } from './auth/jwt';
import { AuthService } from './modules/usuario/auth.service';

/** The feature services, built once per process and shared by GraphQL and REST. */
export type Services = {
  dataSource: DataSource;
  tokens: TokenService;
  auth: AuthService;
};

export function createServices(dataSource: DataSource, jwtSecret: string): Services {
  const tokens = new TokenService(jwtSecret);
  return {
    dataSource,
    tokens,
    auth: new AuthService(dataSource, tokens, {
      login: new FailureRateLimiter(),
      register: new FailureRateLimiter(),
    }),
  };
}
