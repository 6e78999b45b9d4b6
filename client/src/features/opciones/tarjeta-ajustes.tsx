import { Grid, Stack, Text } from '@chakra-ui/react';
import type { SubmissionErrors, ValidationErrors } from 'final-form';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { AppAlert } from '@/components/app-alert';
import { FormActions, TextField } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

/** A typed whole number: its digits become the number, anything else stays for the rule to refuse. */
export function aEntero(text: string): number | string {
  const t = (text ?? '').trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}

/**
 * Saving a settings form: the toast once saved; a refusal shown in the card's alert and each
 * field's error under its field.
 */
export function useGuardarAjustes<V>(guardar: (values: V) => Promise<unknown>, guardadoTexto: string) {
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const onSubmit = async (values: V): Promise<SubmissionErrors | void> => {
    setServerErrors(null);
    try {
      await guardar(values);
      showToast(guardadoTexto);
    } catch (e) {
      setServerErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };
  const alerta = serverErrors && (
    <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
  );
  return { onSubmit, alerta };
}

/** A number typed in a settings form: its bounds under it, the domain's error once touched. */
export function CampoNumerico({
  name,
  label,
  helperText,
  required,
  decimal = false,
}: {
  name: string;
  label: string;
  helperText: string;
  required?: boolean;
  /** Takes a decimal comma ('12,5'). */
  decimal?: boolean;
}) {
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      helperText={helperText}
      inputProps={{ inputMode: decimal ? 'decimal' : 'numeric', autoComplete: 'off' }}
    />
  );
}

/** A value the card shows to whoever may not change it. */
export type AjusteLeido = { key: string; label: string; valor: ReactNode };

/**
 * A card of /opciones/generales saved as one form: the administrator (ROL_SERVICIO) edits its
 * fields and saves them together ('Guardar …', enabled once something changed); any other role
 * reads the values, told that only the administrator may change them. The form is named as the
 * card. Nothing shows but the query's error until the values arrive.
 */
export function TarjetaAjustes<V extends Record<string, string>>({
  titulo,
  descripcion,
  soloAdministrador,
  editable,
  error,
  valores,
  leidos,
  validate,
  guardar,
  guardadoTexto,
  boton,
  children,
}: {
  titulo: string;
  descripcion: string;
  /** What a reader is told: 'Solo el administrador del servicio puede modificarlas.' */
  soloAdministrador: string;
  editable: boolean;
  /** The query's error. */
  error: unknown;
  /** The form's initial values, once loaded. */
  valores: V | null;
  /** What a reader sees, once loaded. */
  leidos: readonly AjusteLeido[] | null;
  validate: (values: V) => ValidationErrors;
  guardar: (values: V) => Promise<unknown>;
  guardadoTexto: string;
  /** The save button's text: 'Guardar reglas'. */
  boton: string;
  /** The fields (CampoNumerico), laid out in a grid. */
  children: ReactNode;
}) {
  const { onSubmit, alerta } = useGuardarAjustes(guardar, guardadoTexto);
  return (
    <PageCard
      title={titulo}
      as="h2"
      description={editable ? descripcion : `${descripcion} ${soloAdministrador}`}
    >
      {Boolean(error) && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {alerta}
      {leidos && !editable && (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" as="dl">
          {leidos.map((l) => (
            <Stack key={l.key} gap="0">
              <Text as="dt" fontSize="sm" color="gray.600">
                {l.label}
              </Text>
              <Text as="dd" fontWeight="medium">
                {l.valor}
              </Text>
            </Stack>
          ))}
        </Grid>
      )}
      {valores && editable && (
        <Form<V> onSubmit={onSubmit} initialValues={valores} validate={validate}>
          {({ handleSubmit, submitting, pristine }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={titulo}>
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
                  {children}
                </Grid>
                <FormActions submitLabel={boton} submitting={submitting} disabled={pristine} />
              </Stack>
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
