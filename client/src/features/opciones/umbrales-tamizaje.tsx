import { useMutation, useQuery } from '@apollo/client/react';
import { parseMedida, UMBRALES_TAMIZAJE_KEYS, validateUmbrales } from '@domain/donacion';
import type { UmbralesTamizaje as Umbrales, UmbralTamizajeKey } from '@domain/donacion';
import { SV_LIMITES } from '@domain/limites';
import { MSG } from '@domain/messages';
import { UmbralesTamizajeDocument, UpdateUmbralesTamizajeDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { CampoNumerico, TarjetaAjustes } from './tarjeta-ajustes';

type Values = Record<UmbralTamizajeKey, string>;

const NORMA: Record<UmbralTamizajeKey, string> = {
  hbMinMujer: `${SV_LIMITES.hb.min} g/dl`,
  hbMinHombre: `${SV_LIMITES.hb.min} g/dl`,
  hbMax: 'sin máximo',
  hctoMinMujer: `${SV_LIMITES.hto.min} %`,
  hctoMinHombre: `${SV_LIMITES.hto.min} %`,
  hctoMax: 'sin máximo',
};

const LABELS: Record<UmbralTamizajeKey, string> = {
  hbMinMujer: 'Hemoglobina mínima, mujeres (g/dl)',
  hbMinHombre: 'Hemoglobina mínima, hombres (g/dl)',
  hbMax: 'Hemoglobina máxima (g/dl)',
  hctoMinMujer: 'Hematocrito mínimo, mujeres (%)',
  hctoMinHombre: 'Hematocrito mínimo, hombres (%)',
  hctoMax: 'Hematocrito máximo (%)',
};

/** 12.5 -> '12,5'; null -> '' (the spec's bound). */
const texto = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : String(n).replace('.', ',');

/** '12,5' -> 12.5; '' -> null; anything else NaN, for the rule to refuse. */
function toUmbrales(values: Values): Record<UmbralTamizajeKey, number | null> {
  return Object.fromEntries(
    UMBRALES_TAMIZAJE_KEYS.map((k) => {
      const v = parseMedida(values[k] ?? '');
      return [k, v];
    }),
  ) as Record<UmbralTamizajeKey, number | null>;
}

const DESCRIPCION =
  `Los mínimos de hemoglobina y hematocrito por sexo y sus máximos con que se controla cada donación. ` +
  `Nunca menos exigentes que la norma (hemoglobina ${SV_LIMITES.hb.min} g/dl, hematocrito ${SV_LIMITES.hto.min} %); ` +
  'vacío: el límite de la norma. Muchos servicios usan 12,5 g/dl para mujeres y 13,5 para hombres.';

/**
 * 'Umbrales de tamizaje' of /opciones/generales: the administrator (ROL_SERVICIO) edits them; any
 * other role reads them.
 */
export function UmbralesTamizaje({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(UmbralesTamizajeDocument);
  const [guardar] = useMutation(UpdateUmbralesTamizajeDocument);
  const umbrales = data?.servicio.umbralesTamizaje;
  return (
    <TarjetaAjustes<Values>
      titulo="Umbrales de tamizaje"
      descripcion={DESCRIPCION}
      soloAdministrador="Solo el administrador del servicio puede modificarlos."
      editable={editable}
      error={error}
      valores={
        umbrales
          ? (Object.fromEntries(UMBRALES_TAMIZAJE_KEYS.map((k) => [k, texto(umbrales[k])])) as Values)
          : null
      }
      leidos={
        umbrales
          ? UMBRALES_TAMIZAJE_KEYS.map((k) => ({
              key: k,
              label: LABELS[k],
              valor: texto(umbrales[k]) || `La norma (${NORMA[k]})`,
            }))
          : null
      }
      validate={(v) => toFormErrors(validateUmbrales(toUmbrales(v)))}
      guardar={(v) => guardar({ variables: { input: toUmbrales(v) as Umbrales } })}
      guardadoTexto={MSG.umbralesGuardados}
      boton="Guardar umbrales"
    >
      {UMBRALES_TAMIZAJE_KEYS.map((k) => (
        <CampoNumerico
          key={k}
          name={k}
          label={LABELS[k]}
          decimal
          helperText={`Vacío: la norma (${NORMA[k]})`}
        />
      ))}
    </TarjetaAjustes>
  );
}
