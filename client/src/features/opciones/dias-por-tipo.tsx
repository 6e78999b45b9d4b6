import { Button, Field, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { AppAlert } from '@/components/app-alert';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import type { TipoComponente } from '@/generated/graphql';
import { NOMBRE_PRODUCTO } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';

/**
 * A whole number typed and saved on its own (a shelf life, the warning days of a type, the
 * look-back window): the field with its bounds and its error, and a 'Guardar' button enabled only
 * when the value changed and is valid. The error shows once the value differs from the saved one.
 */
export function CampoNumeroGuardable({
  label,
  labelOculto = false,
  texto,
  onTexto,
  guardado,
  error,
  ayuda,
  accion,
  guardando,
  onGuardar,
}: {
  label: string;
  /** The label read only by screen readers (a table's row already names the value). */
  labelOculto?: boolean;
  texto: string;
  onTexto: (texto: string) => void;
  /** The value saved, to tell whether the text typed changes it. */
  guardado: number;
  error: string | null;
  /** The bounds, under the field. */
  ayuda?: string;
  /** The button's accessible name: 'Guardar la vida útil de …'. */
  accion: string;
  guardando: boolean;
  onGuardar: () => void;
}) {
  const cambiado = texto.trim() !== String(guardado);
  return (
    <HStack align="flex-start" gap="2">
      <Field.Root width="auto" invalid={cambiado && Boolean(error)}>
        <Field.Label srOnly={labelOculto}>{label}</Field.Label>
        <Input
          size="sm"
          width="20"
          inputMode="numeric"
          autoComplete="off"
          value={texto}
          onChange={(e) => onTexto(e.target.value)}
        />
        {ayuda && <Field.HelperText>{ayuda}</Field.HelperText>}
        {cambiado && error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        mt={labelOculto ? undefined : '6'}
        disabled={!cambiado || Boolean(error)}
        loading={guardando}
        onClick={onGuardar}
        aria-label={accion}
      >
        Guardar
      </Button>
    </HStack>
  );
}

/** A value the servicio sets per component type, in days. */
export type FilaDias = { tipo: TipoComponente; dias: number };

/** What tells one days-per-type table from another: its texts, its rule and its mutation. */
export type DiasPorTipoProps<F extends FilaDias> = {
  filas: readonly F[];
  editable: boolean;
  /** The table's accessible name. */
  titulo: string;
  /** The header of the days column. */
  columna: string;
  /** The field's label for a type's product name: 'Vida útil de … (días)'. */
  label: (producto: string) => string;
  /** The save button's accessible name for a product name. */
  accion: (producto: string) => string;
  /** The toast once saved, for a product name. */
  guardadoTexto: (producto: string) => string;
  /** The domain's error for the text typed, or null. */
  error: (fila: F, texto: string) => string | null;
  ayuda?: (fila: F) => string;
  /** The 'Predeterminado' cell. */
  predeterminado: (fila: F) => ReactNode;
  guardar: (tipo: TipoComponente, dias: number) => Promise<unknown>;
  guardando: boolean;
};

/**
 * A table of the component types, each with its days: an administrator types a whole number
 * within the domain's bounds and saves that type alone; any other role reads them.
 */
export function DiasPorTipo<F extends FilaDias>(props: DiasPorTipoProps<F>) {
  const { filas, editable, error, ayuda } = props;
  const [dias, setDias] = useState<Record<string, string>>(() =>
    Object.fromEntries(filas.map((f) => [f.tipo, String(f.dias)])),
  );
  const [errores, setErrores] = useState<string[] | null>(null);

  const onGuardar = async (f: F) => {
    const texto = dias[f.tipo] ?? '';
    if (error(f, texto)) return;
    setErrores(null);
    try {
      await props.guardar(f.tipo, Number(texto.trim()));
      showToast(props.guardadoTexto(NOMBRE_PRODUCTO[f.tipo]));
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Stack gap="3">
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      <Table.Root size="sm" aria-label={props.titulo}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Componente</Table.ColumnHeader>
            <Table.ColumnHeader>{props.columna}</Table.ColumnHeader>
            <Table.ColumnHeader>Predeterminado</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {filas.map((f) => {
            const producto = NOMBRE_PRODUCTO[f.tipo];
            const texto = dias[f.tipo] ?? '';
            return (
              <Table.Row key={f.tipo} data-tipo={f.tipo}>
                <Table.Cell>{producto}</Table.Cell>
                <Table.Cell>
                  {editable ? (
                    <CampoNumeroGuardable
                      label={props.label(producto)}
                      labelOculto
                      texto={texto}
                      onTexto={(t) => setDias((d) => ({ ...d, [f.tipo]: t }))}
                      guardado={f.dias}
                      error={error(f, texto)}
                      ayuda={ayuda?.(f)}
                      accion={props.accion(producto)}
                      guardando={props.guardando}
                      onGuardar={() => void onGuardar(f)}
                    />
                  ) : (
                    `${f.dias} días`
                  )}
                </Table.Cell>
                <Table.Cell>{props.predeterminado(f)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
