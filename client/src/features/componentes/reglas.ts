/**
 * What the screen proposes and lets choose, from the domain's rules (@domain/componentes); the
 * server enforces the same rules and answers with the reason when something is refused.
 */
import {
  fraccionPredeterminada,
  fracciona,
  libera,
  tiposPermitidos,
  TIPOS_COMPONENTE,
  VOLUMEN,
  VOLUMEN_AFERESIS,
} from '@domain/componentes';
import type { OrigenFraccion } from '@domain/componentes';
import { MSG } from '@domain/messages';
import type { TipoComponente } from '@/generated/graphql';

export { DETALLE_DESCARTE_MAX, MOTIVO_DESCARTE_LABELS, MOTIVOS_DESCARTE } from '@domain/componentes';

export const TIPOS: readonly TipoComponente[] = TIPOS_COMPONENTE;

/**
 * The types the donation's bag (or apheresis) allows, in the domain's order, with how many units
 * of each at most (an apheresis may give two) and the volume proposed, and those of the default
 * split (what the server makes when none is chosen).
 */
export function tiposDeBolsa(o: OrigenFraccion): {
  permitidos: TipoComponente[];
  maximos: Record<TipoComponente, number>;
  propuestos: TipoComponente[];
  volumen: Record<TipoComponente, number>;
} {
  const maximos = tiposPermitidos(o);
  const predeterminada = fraccionPredeterminada(o);
  const volumen = Object.fromEntries(
    TIPOS.map((t) => [
      t,
      predeterminada.find((p) => p.tipo === t)?.volumen ??
        (o.donacionAferesis ? VOLUMEN_AFERESIS[t] : undefined) ??
        VOLUMEN[t].predeterminado,
    ]),
  ) as Record<TipoComponente, number>;
  return {
    permitidos: TIPOS.filter((t) => (maximos[t] ?? 0) > 0),
    maximos: Object.fromEntries(TIPOS.map((t) => [t, maximos[t] ?? 0])) as Record<TipoComponente, number>,
    propuestos: predeterminada.map((p) => p.tipo),
    volumen,
  };
}

/** The error of a volume typed: a whole number of ml within the type's bounds (the domain's). */
export function errorVolumen(tipo: TipoComponente, texto: string): string | null {
  const { minimo, maximo } = VOLUMEN[tipo];
  const n = Number(texto.trim());
  if (texto.trim() === '' || !Number.isInteger(n) || n < minimo || n > maximo) {
    return MSG.volumenFueraDeRango(minimo, maximo);
  }
  return null;
}

/** Who releases a unit from quarantine: a doctor or a technician. */
export const liberaComponentes = libera;

/** Who splits a donation and discards a unit: a doctor, a technician or the administrator. */
export const produceComponentes = fracciona;
