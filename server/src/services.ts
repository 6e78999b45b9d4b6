/**
 * The composition root of the feature modules: what the server is made of. Framework code
 * (context, auth, database, graphql, rest) imports no module; it is handed the modules' pieces
 * from here: the entities, the resolvers, the REST routes, the request loaders and the services.
 * A new feature adds its own to these lists.
 */
import { DataSource } from 'typeorm';
import { Clock, FailureThrottle } from './auth/rate-limit';
import { TokenService } from './auth/jwt';
import { SessionCache } from './auth/session-cache';
import type { Entities } from './database/data-source';
import { readPool, RunQuery } from './database/prepared';
import type { Resolvers } from './graphql/schema';
import { requestLoaders, type LoaderSource, type LoadersOf } from './loaders';
import type { AddRoutes } from './rest/router';
import { AuditoriaResolver } from './modules/auditoria/auditoria.resolver';
import { Auditoria } from './modules/auditoria/auditoria.entity';
import { AuditoriaService } from './modules/auditoria/auditoria.service';
import { ClaveApiResolver } from './modules/clave-api/clave-api.resolver';
import { ClaveApiService } from './modules/clave-api/clave-api.service';
import {
  CitacionDonanteResolver,
  CitacionResolver,
  IntentoCitacionResolver,
} from './modules/citacion/citacion.resolver';
import { citacionLoaders } from './modules/citacion/citacion.loaders';
import { addCitacionRoutes } from './modules/citacion/citacion.rest';
import { CitacionService } from './modules/citacion/citacion.service';
import { ClaveResolver } from './modules/cuenta/clave.resolver';
import { ClaveService } from './modules/cuenta/clave.service';
import { Componente } from './modules/componente/componente.entity';
import { componenteLoaders } from './modules/componente/componente.loaders';
import { ComponenteDonacionResolver, ComponenteResolver } from './modules/componente/componente.resolver';
import { addComponenteRoutes } from './modules/componente/componente.rest';
import { ComponenteService } from './modules/componente/componente.service';
import { CuentaResolver } from './modules/cuenta/cuenta.resolver';
import { DespachoResolver } from './modules/despacho/despacho.resolver';
import { addDespachoRoutes } from './modules/despacho/despacho.rest';
import { DespachoService } from './modules/despacho/despacho.service';
import { RegistroResolver } from './modules/registro/registro.resolver';
import { addRegistroRoutes } from './modules/registro/registro.rest';
import { RegistroService } from './modules/registro/registro.service';
import { addCuentaRoutes } from './modules/cuenta/cuenta.rest';
import { CuentaService } from './modules/cuenta/cuenta.service';
import { Donacion, EtiquetaContador } from './modules/donacion/donacion.entity';
import { DonacionResolver } from './modules/donacion/donacion.resolver';
import { addDonacionRoutes } from './modules/donacion/donacion.rest';
import { DonacionService } from './modules/donacion/donacion.service';
import { donacionLoaders } from './modules/donacion/donacion.loaders';
import { Resultado } from './modules/donacion/resultado.entity';
import { ResultadoResolver } from './modules/donacion/resultado.resolver';
import { DuplicadosService } from './modules/donante/donante.duplicados';
import { DuplicadosResolver } from './modules/donante/donante.duplicados.resolver';
import { Donante } from './modules/donante/donante.entity';
import { donanteLoaders } from './modules/donante/donante.loaders';
import { DonanteResolver } from './modules/donante/donante.resolver';
import { addDonanteRoutes } from './modules/donante/donante.rest';
import { DonanteService } from './modules/donante/donante.service';
import { ElegibilidadDonacionResolver } from './modules/elegibilidad/elegibilidad.donacion.resolver';
import { elegibilidadLoaders } from './modules/elegibilidad/elegibilidad.loaders';
import { ElegibilidadResolver } from './modules/elegibilidad/elegibilidad.resolver';
import { ElegibilidadService } from './modules/elegibilidad/elegibilidad.service';
import { IndicadoresResolver } from './modules/indicadores/indicadores.resolver';
import { IndicadoresService } from './modules/indicadores/indicadores.service';
import {
  InformePostdonacionDonacionResolver,
  InformePostdonacionResolver,
} from './modules/informe-postdonacion/informe-postdonacion.resolver';
import { informePostdonacionLoaders } from './modules/informe-postdonacion/informe-postdonacion.loaders';
import { addInformePostdonacionRoutes } from './modules/informe-postdonacion/informe-postdonacion.rest';
import { InformePostdonacionService } from './modules/informe-postdonacion/informe-postdonacion.service';
import { IntegranteResolver } from './modules/integrante/integrante.resolver';
import { addIntegranteRoutes } from './modules/integrante/integrante.rest';
import { IntegranteService } from './modules/integrante/integrante.service';
import { EtiquetaSinUsarResolver, OpcionesResolver } from './modules/opciones/opciones.resolver';
import { addOpcionesRoutes } from './modules/opciones/opciones.rest';
import { OpcionesService } from './modules/opciones/opciones.service';
import { personaLoaders } from './modules/persona/persona.loaders';
import { PersonaService } from './modules/persona/persona.service';
import { NoAptoResolver } from './modules/no-apto/no-apto.resolver';
import { NoAptoService } from './modules/no-apto/no-apto.service';
import { PlanillaResolver } from './modules/planilla/planilla.resolver';
import { ReaccionDonante } from './modules/reaccion/reaccion.entity';
import { reaccionLoaders } from './modules/reaccion/reaccion.loaders';
import {
  ReaccionDonanteAvisoResolver,
  ReaccionDonanteResolver,
  ReaccionResolver,
} from './modules/reaccion/reaccion.resolver';
import { addReaccionRoutes } from './modules/reaccion/reaccion.rest';
import { ReaccionService } from './modules/reaccion/reaccion.service';
import { RedResolver } from './modules/red/red.resolver';
import { RedService } from './modules/red/red.service';
import { Servicio } from './modules/servicio/servicio.entity';
import { StockResolver } from './modules/stock/stock.resolver';
import { addStockRoutes } from './modules/stock/stock.rest';
import { StockService } from './modules/stock/stock.service';
import { TrazabilidadResolver } from './modules/trazabilidad/trazabilidad.resolver';
import { addTrazabilidadRoutes } from './modules/trazabilidad/trazabilidad.rest';
import { TrazabilidadService } from './modules/trazabilidad/trazabilidad.service';
import { servicioLoaders } from './modules/servicio/servicio.loaders';
import { Usuario } from './modules/usuario/usuario.entity';
import { usuarioLoaders } from './modules/usuario/usuario.loaders';
import { VisitaResolver } from './modules/visita/visita.resolver';
import { addVisitaRoutes } from './modules/visita/visita.rest';
import { VisitaService } from './modules/visita/visita.service';

/** Every TypeORM entity (database/data-source.ts). */
export const entities: Entities = [
  Servicio,
  Usuario,
  Auditoria,
  Donante,
  Donacion,
  EtiquetaContador,
  Resultado,
  Componente,
  ReaccionDonante,
];

/** Every resolver class (graphql/schema.ts). */
export const resolvers: Resolvers = [
  CuentaResolver,
  DonanteResolver,
  DuplicadosResolver,
  DonacionResolver,
  ResultadoResolver,
  IntegranteResolver,
  OpcionesResolver,
  EtiquetaSinUsarResolver,
  ClaveResolver,
  PlanillaResolver,
  AuditoriaResolver,
  ElegibilidadResolver,
  ElegibilidadDonacionResolver,
  NoAptoResolver,
  IndicadoresResolver,
  RedResolver,
  ClaveApiResolver,
  ComponenteResolver,
  ComponenteDonacionResolver,
  ReaccionResolver,
  ReaccionDonanteResolver,
  ReaccionDonanteAvisoResolver,
  CitacionResolver,
  IntentoCitacionResolver,
  CitacionDonanteResolver,
  InformePostdonacionResolver,
  InformePostdonacionDonacionResolver,
  StockResolver,
  DespachoResolver,
  TrazabilidadResolver,
  RegistroResolver,
  VisitaResolver,
];

/** The REST shim's routes under /api (rest/router.ts), in the order they are matched. */
export const restRoutes: readonly AddRoutes<Services>[] = [
  addCuentaRoutes,
  addOpcionesRoutes,
  addIntegranteRoutes,
  addDonanteRoutes,
  addDonacionRoutes,
  addComponenteRoutes,
  addReaccionRoutes,
  addCitacionRoutes,
  addInformePostdonacionRoutes,
  addStockRoutes,
  addTrazabilidadRoutes,
  addDespachoRoutes,
  addRegistroRoutes,
  addVisitaRoutes,
];

/** Every per-request loader (loaders.ts), by name: what `ctx.loaders` has. */
const loaderFactories = {
  ...servicioLoaders,
  ...usuarioLoaders,
  ...donanteLoaders,
  ...donacionLoaders,
  ...elegibilidadLoaders,
  ...personaLoaders,
  ...componenteLoaders,
  ...reaccionLoaders,
  ...citacionLoaders,
  ...informePostdonacionLoaders,
};

export type Loaders = LoadersOf<typeof loaderFactories>;

const makeLoaders = requestLoaders<Services, typeof loaderFactories>(loaderFactories);

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
  persona: PersonaService;
  noApto: NoAptoService;
  indicadores: IndicadoresService;
  red: RedService;
  /** API keys of the dashboards, and the requests made with them. */
  claveApi: ClaveApiService;
  /** Blood components: split, quarantine, release and discard. */
  componente: ComponenteService;
  /** Donor reactions at a donation. */
  reaccion: ReaccionService;
  /** Calling donors back: the work-list, its attempts, appointments, attendance and closure. */
  citacion: CitacionService;
  /** Post-donation information, which blocks the donation's units not dispatched. */
  informePostdonacion: InformePostdonacionService;
  /** The stock of released units, the warning days and the expiry sweep. */
  stock: StockService;
  /** Dispatch, return, final destination and transfers between members. */
  despacho: DespachoService;
  /** Look-back: the work-list, notifications and closing. */
  trazabilidad: TrazabilidadService;
  /** The discard and dispatch registers of a period. */
  registro: RegistroService;
  /** Visits: arrival, the interview, its confirmation, the signatures and how each ended. */
  visita: VisitaService;
  /** The loaders of one request; `actor` is its signed-in user. */
  createLoaders: (actor: LoaderSource['actor']) => Loaders;
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
  const elegibilidad = new ElegibilidadService(dataSource, query);
  const donante = new DonanteService(dataSource, query, elegibilidad);
  const donacion = new DonacionService(dataSource, query, elegibilidad);
  const indicadores = new IndicadoresService(query);
  const stock = new StockService(dataSource);
  const services: Services = {
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
    elegibilidad,
    persona: new PersonaService(dataSource),
    noApto: new NoAptoService(dataSource, query),
    indicadores,
    red: new RedService(dataSource, query, indicadores),
    claveApi: new ClaveApiService(dataSource, query, { now: options.now }),
    componente: new ComponenteService(dataSource, donacion),
    reaccion: new ReaccionService(dataSource),
    citacion: new CitacionService(dataSource, query),
    informePostdonacion: new InformePostdonacionService(dataSource, query),
    stock,
    despacho: new DespachoService(dataSource, stock),
    trazabilidad: new TrazabilidadService(dataSource),
    registro: new RegistroService(query),
    visita: new VisitaService(dataSource, query),
    createLoaders: (actor) => makeLoaders({ dataSource, query, services, actor }),
  };
  return services;
}
