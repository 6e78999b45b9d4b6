import { Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { AGRUPACIONES, AGRUPACION_LABELS, validatePeriodo, type AgrupacionValor } from '@domain/indicadores';
import type { FieldError } from '@domain/messages';
import { DateInput } from '@/components/form';
import { ATAJOS, periodoInicial, type Periodo } from './periodos';

/** A report's period as the screen keeps it: the values, their errors, and whether to show them. */
export type PeriodoEstado = {
  periodo: Periodo;
  /** The domain's errors of the period (none: the figures can be asked for). */
  errores: FieldError[];
  set: (cambio: Partial<Periodo>) => void;
  elegir: (periodo: Periodo) => void;
  tocar: () => void;
  /** The error to show under a field: once it was left (the grouping's at once). */
  visible: (field: string) => string | undefined;
};

/** The period of a report screen: this year by month to start with, validated by the domain's rule. */
export function usePeriodo(): PeriodoEstado {
  const [periodo, setPeriodo] = useState<Periodo>(() => periodoInicial());
  const [tocados, setTocados] = useState(false);
  const errores = validatePeriodo(periodo.desde, periodo.hasta, periodo.agrupacion);
  const errorDe = (field: string) => errores.find((e) => e.field === field)?.msg;
  return {
    periodo,
    errores,
    set: (cambio) => setPeriodo((p) => ({ ...p, ...cambio })),
    elegir: (nuevo) => {
      setTocados(false);
      setPeriodo(nuevo);
    },
    tocar: () => setTocados(true),
    // An error shows once the field is left or a download is asked for, not while typing.
    visible: (field) => (tocados || field === 'agrupacion' ? errorDe(field) : undefined),
  };
}

export type PeriodoPickerProps = {
  estado: PeriodoEstado;
  /** What goes at the end of the row: the download buttons. */
  children?: ReactNode;
};

/** The quick periods, 'Desde', 'Hasta' and 'Agrupar por' of a report screen. */
export function PeriodoPicker({ estado, children }: PeriodoPickerProps) {
  const { periodo, set, visible } = estado;
  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap" role="group" aria-label="Períodos frecuentes">
        {ATAJOS.map((atajo) => (
          <Button
            key={atajo.label}
            size="xs"
            variant="outline"
            onClick={() => estado.elegir(atajo.periodo())}
          >
            {atajo.label}
          </Button>
        ))}
      </HStack>
      <HStack gap="3" align="flex-start" wrap="wrap">
        <DateInput
          name="desde"
          label="Desde"
          size="sm"
          value={periodo.desde}
          onChange={(desde) => set({ desde })}
          onBlur={estado.tocar}
          error={visible('desde')}
          rootProps={{ width: '40' }}
        />
        <DateInput
          name="hasta"
          label="Hasta"
          size="sm"
          value={periodo.hasta}
          onChange={(hasta) => set({ hasta })}
          onBlur={estado.tocar}
          error={visible('hasta')}
          rootProps={{ width: '40' }}
        />
        <Field.Root width="auto" invalid={Boolean(visible('agrupacion'))}>
          <Field.Label>Agrupar por</Field.Label>
          <NativeSelect.Root size="sm" width="36">
            <NativeSelect.Field
              name="agrupacion"
              value={periodo.agrupacion}
              onChange={(e) => set({ agrupacion: e.target.value as AgrupacionValor })}
            >
              {AGRUPACIONES.map((a) => (
                <option key={a} value={a}>
                  {AGRUPACION_LABELS[a]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {visible('agrupacion') && <Field.ErrorText>{visible('agrupacion')}</Field.ErrorText>}
        </Field.Root>
        {children && (
          <HStack gap="2" alignSelf="flex-end" ms={{ md: 'auto' }}>
            {children}
          </HStack>
        )}
      </HStack>
    </Stack>
  );
}

export type DescargasProps = {
  disabled: boolean;
  onCsv: () => void;
  onPdf: () => void;
  /** The PDF is being made. */
  generando: boolean;
};

/** 'Descargar CSV' and 'Descargar PDF'. */
export function Descargas({ disabled, onCsv, onPdf, generando }: DescargasProps) {
  return (
    <>
      <Button size="sm" variant="outline" onClick={onCsv} disabled={disabled}>
        Descargar CSV
      </Button>
      <Button
        size="sm"
        colorPalette="brand"
        onClick={onPdf}
        disabled={disabled}
        loading={generando}
        loadingText="Generando PDF..."
      >
        Descargar PDF
      </Button>
    </>
  );
}
