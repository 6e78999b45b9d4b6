import { MOTIVOS_DESCARTE, TIPOS_COMPONENTE } from '@domain/componentes';
import { DESTINOS_DESPACHO } from '@domain/despacho';
import type { CifraImprimible, ComponenteImprimible } from '../../client/src/imprimibles/types';

/** A component type's figures: every reason and destination kind, zeros unless told. */
function tipo(
  t: string,
  f: {
    producidos: CifraImprimible;
    liberados: CifraImprimible;
    destinos: CifraImprimible[];
    transfundidos: CifraImprimible;
    devueltos: CifraImprimible;
    motivos: Partial<Record<string, CifraImprimible>>;
    stockFinal: CifraImprimible;
  },
): ComponenteImprimible {
  const porMotivo = MOTIVOS_DESCARTE.map((motivo) => ({ motivo, cantidad: f.motivos[motivo] ?? 0 }));
  const suma = (xs: CifraImprimible[]) =>
    xs.some((x) => x === null) ? null : (xs as number[]).reduce((a, b) => a + b, 0);
  return {
    tipo: t,
    producidos: f.producidos,
    liberados: f.liberados,
    descartados: suma(porMotivo.map((m) => m.cantidad)),
    porMotivo,
    despachados: suma(f.destinos),
    porDestino: DESTINOS_DESPACHO.map((destino, i) => ({ destino, cantidad: f.destinos[i] })),
    transfundidos: f.transfundidos,
    devueltos: f.devueltos,
    vencidos: f.motivos.VENCIMIENTO ?? 0,
    stockFinal: f.stockFinal,
  };
}

/** The sample period's components, as the servicio's own staff read them (every figure exact). */
export const componentes: ComponenteImprimible[] = [
  tipo(TIPOS_COMPONENTE[0], {
    producidos: 1210,
    liberados: 1150,
    destinos: [820, 45, 230],
    transfundidos: 960,
    devueltos: 31,
    motivos: { SEROLOGIA_REACTIVA: 24, VENCIMIENTO: 17, BOLSA_ROTA: 3 },
    stockFinal: 88,
  }),
  tipo(TIPOS_COMPONENTE[1], {
    producidos: 1190,
    liberados: 1120,
    destinos: [610, 12, 140],
    transfundidos: 700,
    devueltos: 8,
    motivos: { SEROLOGIA_REACTIVA: 24, LIPEMICO: 11 },
    stockFinal: 402,
  }),
  tipo(TIPOS_COMPONENTE[2], {
    producidos: 300,
    liberados: 280,
    destinos: [190, 0, 60],
    transfundidos: 240,
    devueltos: 0,
    motivos: { VENCIMIENTO: 26 },
    stockFinal: 9,
  }),
  tipo(TIPOS_COMPONENTE[3], {
    producidos: 40,
    liberados: 38,
    destinos: [20, 0, 10],
    transfundidos: 25,
    devueltos: 0,
    motivos: {},
    stockFinal: 8,
  }),
];

/** The same from outside the servicio: small counts are 'menos de 5' (null), with a complement. */
export const componentesSuprimidos: ComponenteImprimible[] = componentes.map((c, i) =>
  i === 0
    ? {
        ...c,
        porMotivo: c.porMotivo.map((m) =>
          ['BOLSA_ROTA', 'VENCIMIENTO'].includes(m.motivo) ? { ...m, cantidad: null } : m,
        ),
        vencidos: null,
      }
    : c,
);
