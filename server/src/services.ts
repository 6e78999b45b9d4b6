import { DataSource } from 'typeorm';
import { FailureRateLimiter } from './auth/rate-limit';
import { TokenService } from './auth/jwt';
import { AuthService } from './modules/usuario/auth.service';
import { DonanteService } from './modules/donante/donante.service';
import { DonacionService } from './modules/donacion/donacion.service';
import { IntegranteService } from './modules/integrante/integrante.service';
import { OpcionesService } from './modules/servicio/opciones.service';
import { PasswordService } from './modules/usuario/password.service';
import { AuditoriaService } from './modules/auditoria/auditoria.service';

/** The feature services, built once per process and shared by GraphQL and REST. */
export type Services = {
  dataSource: DataSource;
  tokens: TokenService;
  auth: AuthService;
  donante: DonanteService;
  donacion: DonacionService;
  integrante: IntegranteService;
  opciones: OpcionesService;
  password: PasswordService;
  auditoria: AuditoriaService;
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
    donante: new DonanteService(dataSource),
    donacion: new DonacionService(dataSource),
    integrante: new IntegranteService(dataSource),
    opciones: new OpcionesService(dataSource),
    password: new PasswordService(dataSource, tokens, new FailureRateLimiter()),
    auditoria: new AuditoriaService(dataSource),
  };
}
