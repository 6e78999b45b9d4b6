import { DataSource } from 'typeorm';
import { Clock, FailureThrottle } from './auth/rate-limit';
import { TokenService } from './auth/jwt';
import { SessionCache } from './auth/session-cache';
import { readPool, RunQuery } from './database/prepared';
import { CuentaService } from './modules/cuenta/cuenta.service';
import { DonanteService } from './modules/donante/donante.service';
import { DuplicadosService } from './modules/donante/donante.duplicados';
import { DonacionService } from './modules/donacion/donacion.service';
import { IntegranteService } from './modules/integrante/integrante.service';
import { OpcionesService } from './modules/opciones/opciones.service';
import { ClaveService } from './modules/cuenta/clave.service';
import { AuditoriaService } from './modules/auditoria/auditoria.service';
import { ElegibilidadService } from './modules/elegibilidad/elegibilidad.service';
import { IndicadoresService } from './modules/indicadores/indicadores.service';
import { RedService } from './modules/red/red.service';
import { ClaveApiService } from './modules/clave-api/clave-api.service';

/** The feature services, built once per process and shared by GraphQL and REST. */
export type Services = {
  dataSource: DataSource;
  /** Prepared statements for the reads of every request (database/prepared.ts). */
  query: RunQuery;
  /** Closes what the services opened (the reads' pool); the data source stays the caller's. */
  close: () => Promise<void>;
  tokens: TokenService;
  cuenta: CuentaService;
  donante: DonanteService;
  /** Likely duplicate donors and their merge. */
  duplicados: DuplicadosService;
  donacion: DonacionService;
  integrante: IntegranteService;
  opciones: OpcionesService;
  clave: ClaveService;
  auditoria: AuditoriaService;
  elegibilidad: ElegibilidadService;
  indicadores: IndicadoresService;
  red: RedService;
  /** API keys of the dashboards, and the requests made with them. */
  claveApi: ClaveApiService;
};

/** `now`: the clock of the sign-in delays and of the API keys' limit (tests move it instead of waiting). */
export function createServices(
  dataSource: DataSource,
  jwtSecret: string,
  options: { now?: Clock } = {},
): Services {
  const tokens = new TokenService(jwtSecret);
  const sessions = new SessionCache();
  const reads = readPool(dataSource);
  const query = reads.run;
  const throttle = new FailureThrottle(dataSource, query, { now: options.now });
  const donante = new DonanteService(dataSource, query);
  const donacion = new DonacionService(dataSource, query);
  const indicadores = new IndicadoresService(query);
  return {
    dataSource,
    query,
    close: reads.end,
    tokens,
    cuenta: new CuentaService(dataSource, tokens, throttle, sessions, query),
    donante,
    duplicados: new DuplicadosService(dataSource, query),
    donacion,
    integrante: new IntegranteService(dataSource, sessions),
    opciones: new OpcionesService(dataSource),
    clave: new ClaveService(dataSource, tokens, sessions, throttle),
    auditoria: new AuditoriaService(dataSource, donante, donacion),
    elegibilidad: new ElegibilidadService(dataSource, query),
    indicadores,
    red: new RedService(dataSource, query, indicadores),
    claveApi: new ClaveApiService(dataSource, query, { now: options.now }),
  };
}
