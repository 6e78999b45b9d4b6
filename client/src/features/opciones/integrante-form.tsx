import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import { validateEditarIntegrante, validateNuevoIntegrante } from '@domain/integrante';
import type { NuevoIntegranteDatos } from '@domain/integrante';
import { ROL_INTEGRANTE_DEFAULT, ROL_LABEL, ROLES_INTEGRANTE } from '@domain/roles';
import { CheckboxField, ClaveNuevaFields, FormActions, SelectField, TextField } from '@/components/form';
import { toFormErrors } from '@/lib/form';

export type IntegranteValues = {
  nombre?: string;
  apellido?: string;
  username?: string;
  password?: string;
  password2?: string;
  rol?: string;
  matricula?: string;
  email?: string;
  telefono?: string;
  agentecph?: boolean;
};

/** The three staff roles with their Spanish labels; ROL_MEDICO first (the default). */
const ROL_OPTIONS = ROLES_INTEGRANTE.map((rol) => ({ value: rol, label: ROL_LABEL[rol] }));

export const NUEVO_INTEGRANTE: IntegranteValues = { rol: ROL_INTEGRANTE_DEFAULT, agentecph: false };

const blankToNull = (v: string | undefined) => (v ?? '').trim() || null;

/** The editable data as the API takes it (no username or password). */
export function toUpdateInput(v: IntegranteValues) {
  return {
    nombre: (v.nombre ?? '').trim(),
    apellido: (v.apellido ?? '').trim(),
    rol: (v.rol || ROL_INTEGRANTE_DEFAULT) as (typeof ROLES_INTEGRANTE)[number],
    matricula: blankToNull(v.matricula),
    email: blankToNull(v.email),
    telefono: blankToNull(v.telefono),
    agentecph: v.agentecph === true,
  };
}

export function toCreateInput(v: IntegranteValues) {
  return {
    ...toUpdateInput(v),
    username: (v.username ?? '').trim(),
    password: v.password ?? '',
    password2: v.password2 ?? '',
  };
}

export type IntegranteFormProps = {
  /** 'nuevo' adds username and password fields; 'editar' has none of them. */
  mode: 'nuevo' | 'editar';
  initialValues: IntegranteValues;
  /** Resolves true when saved (a new-member form then empties itself). */
  onSubmit: (values: IntegranteValues) => Promise<boolean>;
  submitLabel: string;
  onCancel?: () => void;
};

/** The staff member form: create (with username and password) or edit (without). */
export function IntegranteForm({
  mode,
  initialValues,
  onSubmit,
  submitLabel,
  onCancel,
}: IntegranteFormProps) {
  const nuevo = mode === 'nuevo';
  const validate = (v: IntegranteValues) =>
    toFormErrors(
      nuevo
        ? validateNuevoIntegrante(v as NuevoIntegranteDatos)
        : validateEditarIntegrante(v as NuevoIntegranteDatos),
    );
  const submit = async (values: IntegranteValues, form: FormApi<IntegranteValues>) => {
    const ok = await onSubmit(values);
    if (ok && nuevo) setTimeout(() => form.restart());
  };

  return (
    <Form<IntegranteValues> onSubmit={submit} initialValues={initialValues} validate={validate}>
      {({ handleSubmit, submitting }) => (
        <form
          onSubmit={handleSubmit}
          noValidate
          aria-label={nuevo ? 'Nuevo integrante' : 'Editar integrante'}
        >
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="nombre" label="Nombre" required autoComplete="off" />
              <TextField name="apellido" label="Apellido" required autoComplete="off" />
            </SimpleGrid>
            {nuevo && (
              <>
                <TextField name="username" label="Usuario" required autoComplete="off" />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <ClaveNuevaFields name="password" label="Clave" labelRepetir="Repetir clave" />
                </SimpleGrid>
              </>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField name="rol" label="Rol" options={ROL_OPTIONS} />
              <TextField name="matricula" label="Matrícula" autoComplete="off" />
              <TextField name="email" label="Email" type="email" autoComplete="off" />
              <TextField name="telefono" label="Teléfono" type="tel" autoComplete="off" />
            </SimpleGrid>
            <CheckboxField name="agentecph" label="Agente de captación CPH" />
            <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
          </Stack>
        </form>
      )}
    </Form>
  );
}
