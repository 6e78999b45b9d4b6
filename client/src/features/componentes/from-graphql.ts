/**
 * GraphQL results -> the plain shapes of the component label (./pdf/types). The one place where
 * the generated types meet the label's; only types here, the PDF code loads when printing.
 */
import type { ComponenteDatosFragment, ServicioEtiquetaComponenteQuery } from '@/generated/graphql';
import type { FormatoEtiquetas } from '@/imprimibles/types';
import type { ComponenteEtiqueta, ServicioEtiquetaComponente } from './pdf/types';

export function toComponenteEtiqueta(c: ComponenteDatosFragment): ComponenteEtiqueta {
  return {
    codigo: c.codigo,
    tipo: c.tipo,
    estado: c.estado,
    volumen: c.volumen,
    producidoEn: c.producidoEn,
    venceEn: c.venceEn,
    vencido: c.vencido,
    abo: c.donacion.abo || null,
    rh: c.donacion.rh || null,
  };
}

type ServicioDatos = ServicioEtiquetaComponenteQuery['servicio'];

export function toServicioEtiqueta(s: ServicioDatos): ServicioEtiquetaComponente {
  return { nombre: s.nombre, codigoInstalacion: s.codigoInstalacion };
}

export function toFormato(s: ServicioDatos): FormatoEtiquetas {
  return { formato: s.etiquetaFormato, anchoMm: s.etiquetaAnchoMm, altoMm: s.etiquetaAltoMm };
}
