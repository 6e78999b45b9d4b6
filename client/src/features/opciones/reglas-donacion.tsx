import { useMutation, useQuery } from '@apollo/client/react';
import { REGLAS_DEFAULT, validateReglas } from '@domain/elegibilidad';
import type { ReglasElegibilidad } from '@domain/elegibilidad';
import {
  LIMITE_ANUAL_MAX,
  LIMITE_ANUAL_MIN,
  SEMANAS_ENTRE_DONACIONES,
  SEMANAS_ENTRE_DONACIONES_MAX,
} from '@domain/limites';
import { MSG } from '@domain/messages';
import { ReglasDonacionDocument, UpdateReglasDonacionDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { CampoNumerico, TarjetaAjustes, aEntero } from './tarjeta-ajustes';

type Values = Record<keyof ReglasElegibilidad, string>;

const CAMPOS: { name: keyof ReglasElegibilidad; label: string; min: number; max: number }[] = [
  {
    name: 'semanasEntreDonaciones',
    label: 'Semanas entre donaciones',
    min: SEMANAS_ENTRE_DONACIONES,
    max: SEMANAS_ENTRE_DONACIONES_MAX,
  },
  {
    name: 'limiteAnualHombres',
    label: 'Donaciones por año (hombres)',
    min: LIMITE_ANUAL_MIN,
    max: LIMITE_ANUAL_MAX.Masculino,
  },
  {
    name: 'limiteAnualMujeres',
    label: 'Donaciones por año (mujeres)',
    min: LIMITE_ANUAL_MIN,
    max: LIMITE_ANUAL_MAX.Femenino,
  },
];

function toReglas(values: Values): Record<keyof ReglasElegibilidad, number | string> {
  return {
    semanasEntreDonaciones: aEntero(values.semanasEntreDonaciones),
    limiteAnualHombres: aEntero(values.limiteAnualHombres),
    limiteAnualMujeres: aEntero(values.limiteAnualMujeres),
  };
}

const DESCRIPCION = `Los valores solo pueden ser más estrictos que la norma nacional: al menos ${REGLAS_DEFAULT.semanasEntreDonaciones} semanas entre donaciones y como máximo ${REGLAS_DEFAULT.limiteAnualHombres} (hombres) y ${REGLAS_DEFAULT.limiteAnualMujeres} (mujeres) donaciones de sangre entera en 12 meses.`;

/**
 * 'Reglas de donación' of /opciones/generales: the interval between donations and the yearly
 * whole-blood limits the servicio applies. The administrator (ROL_SERVICIO) edits them; any other
 * role reads them.
 */
export function ReglasDonacion({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(ReglasDonacionDocument);
  const [guardar] = useMutation(UpdateReglasDonacionDocument);
  const servicio = data?.servicio;
  return (
    <TarjetaAjustes<Values>
      titulo="Reglas de donación"
      descripcion={DESCRIPCION}
      soloAdministrador="Solo el administrador del servicio puede modificarlas."
      editable={editable}
      error={error}
      valores={
        servicio
          ? {
              semanasEntreDonaciones: String(servicio.semanasEntreDonaciones),
              limiteAnualHombres: String(servicio.limiteAnualHombres),
              limiteAnualMujeres: String(servicio.limiteAnualMujeres),
            }
          : null
      }
      leidos={servicio ? CAMPOS.map((c) => ({ key: c.name, label: c.label, valor: servicio[c.name] })) : null}
      validate={(v) => toFormErrors(validateReglas(toReglas(v)))}
      guardar={(v) => guardar({ variables: { input: toReglas(v) as ReglasElegibilidad } })}
      guardadoTexto={MSG.reglasGuardadas}
      boton="Guardar reglas"
    >
      {CAMPOS.map((c) => (
        <CampoNumerico
          key={c.name}
          name={c.name}
          label={c.label}
          required
          helperText={`De ${c.min} a ${c.max}`}
        />
      ))}
    </TarjetaAjustes>
  );
}
