import { NonEmptyArray } from 'type-graphql';
import { CuentaResolver } from '../modules/cuenta/cuenta.resolver';
import { DonanteResolver } from '../modules/donante/donante.resolver';
import { DuplicadosResolver } from '../modules/donante/donante.duplicados.resolver';
import { DonacionResolver } from '../modules/donacion/donacion.resolver';
import { IntegranteResolver } from '../modules/integrante/integrante.resolver';
import { OpcionesResolver } from '../modules/opciones/opciones.resolver';
import { ClaveResolver } from '../modules/cuenta/clave.resolver';
import { PlanillaResolver } from '../modules/planilla/planilla.resolver';
import { AuditoriaResolver } from '../modules/auditoria/auditoria.resolver';
import { ElegibilidadResolver } from '../modules/elegibilidad/elegibilidad.resolver';
import { IndicadoresResolver } from '../modules/indicadores/indicadores.resolver';
import { RedResolver } from '../modules/red/red.resolver';
import { ClaveApiResolver } from '../modules/clave-api/clave-api.resolver';

/** Every resolver class; each feature adds its own here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  CuentaResolver,
  DonanteResolver,
  DuplicadosResolver,
  DonacionResolver,
  IntegranteResolver,
  OpcionesResolver,
  ClaveResolver,
  PlanillaResolver,
  AuditoriaResolver,
  ElegibilidadResolver,
  IndicadoresResolver,
  RedResolver,
  ClaveApiResolver,
];
