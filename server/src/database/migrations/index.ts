import { Inicial1763780000000 } from './1763780000000-inicial';
import { Donante1763790000000 } from './1763790000000-donante';
import { Donacion1763800000000 } from './1763800000000-donacion';
import { DonanteBusqueda1763810000000 } from './1763810000000-donante-busqueda';
import { LoginIntentos1763820000000 } from './1763820000000-login-intentos';
import { DniCanonico1763830000000 } from './1763830000000-dni-canonico';
import { Elegibilidad1763840000000 } from './1763840000000-elegibilidad';
import { Indicadores1763850000000 } from './1763850000000-indicadores';
import { ClaveApi1763860000000 } from './1763860000000-clave-api';
import { Red1763870000000 } from './1763870000000-red';
import { AuditoriaCadena1763880000000 } from './1763880000000-auditoria-cadena';
import { DonantesDistintos1763890000000 } from './1763890000000-donantes-distintos';
import { IndicadoresPersonas1763900000000 } from './1763900000000-indicadores-personas';
import { AuditoriaSoloAgregar1763910000000 } from './1763910000000-auditoria-solo-agregar';
import { DiferimientosPersona1763920000000 } from './1763920000000-diferimientos-persona';
import { EspacioParaActualizar1763930000000 } from './1763930000000-espacio-para-actualizar';
import { IndicadoresPorFila1763940000000 } from './1763940000000-indicadores-por-fila';
import { Persona1764000000000 } from './1764000000000-persona';
import { RedPrivacidad1764010000000 } from './1764010000000-red-privacidad';
import { LevantamientoTexto1764050000000 } from './1764050000000-levantamiento-texto';
import { IndicadoresPublicados1764200000000 } from './1764200000000-indicadores-publicados';
import { IndicadoresLecturaRapida1764210000000 } from './1764210000000-indicadores-lectura-rapida';
import { EtiquetaEmitida1764300000000 } from './1764300000000-etiqueta-emitida';
import { EtiquetaFormato1764310000000 } from './1764310000000-etiqueta-formato';
import { AuditoriaBusqueda1764320000000 } from './1764320000000-auditoria-busqueda';
import { ConsultaRedPresupuesto1764330000000 } from './1764330000000-consulta-red-presupuesto';
import { Resultados1764400000000 } from './1764400000000-resultados';
import { GrupoDiscordante1764410000000 } from './1764410000000-grupo-discordante';
import { IndicadoresAnalizadas1764420000000 } from './1764420000000-indicadores-analizadas';
import { ListasOrden1764430000000 } from './1764430000000-listas-orden';
import { Componentes1764500000000 } from './1764500000000-componentes';
import { CodigoInstalacionSiguiente1764510000000 } from './1764510000000-codigo-instalacion-siguiente';
import { UmbralesTamizaje1764600000000 } from './1764600000000-umbrales-tamizaje';
import { Reacciones1764610000000 } from './1764610000000-reacciones';
import { DespachoStock1764700000000 } from './1764700000000-despacho-stock';
import { Trazabilidad1764710000000 } from './1764710000000-trazabilidad';
import { SolicitudTraslado1764720000000 } from './1764720000000-solicitud-traslado';
import { Citacion1764800000000 } from './1764800000000-citacion';
import { TrazabilidadInforme1764810000000 } from './1764810000000-trazabilidad-informe';
import { SolicitudTrasladoNota1764900000000 } from './1764900000000-solicitud-traslado-nota';
import { Registros1764910000000 } from './1764910000000-registros';
import { Visita1764920000000 } from './1764920000000-visita';
import { TrazabilidadDiferimiento1764930000000 } from './1764930000000-trazabilidad-diferimiento';
import { StockIndices1764930010000 } from './1764930010000-stock-indices';
import { StockDiario1764950000000 } from './1764950000000-stock-diario';
import { StockUnidadesOrden1764950010000 } from './1764950010000-stock-unidades-orden';
import { ComponenteDiario1764960000000 } from './1764960000000-componente-diario';
import { ComponenteStockDia1764960010000 } from './1764960010000-componente-stock-dia';

/** Every migration, in order; each schema change adds one here. */
export const migrations = [
  Inicial1763780000000,
  Donante1763790000000,
  Donacion1763800000000,
  DonanteBusqueda1763810000000,
  LoginIntentos1763820000000,
  DniCanonico1763830000000,
  Elegibilidad1763840000000,
  Indicadores1763850000000,
  ClaveApi1763860000000,
  Red1763870000000,
  AuditoriaCadena1763880000000,
  DonantesDistintos1763890000000,
  IndicadoresPersonas1763900000000,
  AuditoriaSoloAgregar1763910000000,
  DiferimientosPersona1763920000000,
  EspacioParaActualizar1763930000000,
  IndicadoresPorFila1763940000000,
  Persona1764000000000,
  RedPrivacidad1764010000000,
  LevantamientoTexto1764050000000,
  IndicadoresPublicados1764200000000,
  IndicadoresLecturaRapida1764210000000,
  EtiquetaEmitida1764300000000,
  EtiquetaFormato1764310000000,
  AuditoriaBusqueda1764320000000,
  ConsultaRedPresupuesto1764330000000,
  Resultados1764400000000,
  GrupoDiscordante1764410000000,
  IndicadoresAnalizadas1764420000000,
  ListasOrden1764430000000,
  Componentes1764500000000,
  CodigoInstalacionSiguiente1764510000000,
  UmbralesTamizaje1764600000000,
  Reacciones1764610000000,
  DespachoStock1764700000000,
  Trazabilidad1764710000000,
  SolicitudTraslado1764720000000,
  Citacion1764800000000,
  TrazabilidadInforme1764810000000,
  SolicitudTrasladoNota1764900000000,
  Registros1764910000000,
  Visita1764920000000,
  TrazabilidadDiferimiento1764930000000,
  StockIndices1764930010000,
  StockDiario1764950000000,
  StockUnidadesOrden1764950010000,
  ComponenteDiario1764960000000,
  ComponenteStockDia1764960010000,
];
