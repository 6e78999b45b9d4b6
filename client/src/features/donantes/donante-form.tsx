import { Box, Button, Collapsible, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Form, useFormState } from 'react-final-form';
import type { SubmissionErrors } from 'final-form';
import { formatDate, todayIso } from '@domain/dates';
import type { IsoDate } from '@domain/dates';
import {
  cphValidator,
  DONANTE_DEFAULTS,
  DONANTE_VALIDATORS,
  emptyCph,
  ES_VOLUNTARIO,
  parseFecha,
  PROVINCIAS,
  SEXOS,
  validateFechaNacimiento,
} from '@domain/donante';
import type { DonanteCphData } from '@domain/donante';
import { CheckboxField, FormActions, RadioField, SelectField, TextField } from '@/components/form';
import type { DonanteDatosFragment, DonanteInput } from '@/generated/graphql';

/** The form's values: every text as a string ('' when empty), the birth date as typed (DD/MM/YYYY). */
export type DonanteValues = {
  nombre: string;
  apellido: string;
  dni: string;
  fechaNacimiento: string;
  sexo: string;
  domActual: string;
  domActualAltura: string;
  domActualPiso: string;
  domActualDepto: string;
  localidadActual: string;
  ProvinciaActual: string;
  domDni: string;
  localidadDni: string;
  codPostal: string;
  telefono: string;
  telefono2: string;
  email: string;
  lugarNacimiento: string;
  ProvinciaNacimiento: string;
  nacionalidad: string;
  ocupacion: string;
  convocado: boolean;
  donacionAferesis: boolean;
  donacionAnterior: boolean;
  esVoluntario: string;
  cph: DonanteCphData;
};

/** A new donor: empty, with the defaults of SPEC section 4. */
export function nuevoDonante(): DonanteValues {
  return {
    nombre: '',
    apellido: '',
    dni: '',
    fechaNacimiento: '',
    domActual: '',
    domActualAltura: '',
    domActualPiso: '',
    domActualDepto: '',
    localidadActual: '',
    domDni: '',
    localidadDni: '',
    codPostal: '',
    telefono: '',
    telefono2: '',
    email: '',
    lugarNacimiento: '',
    ProvinciaNacimiento: '',
    ocupacion: '',
    convocado: false,
    donacionAferesis: false,
    donacionAnterior: false,
    ...DONANTE_DEFAULTS,
    cph: emptyCph(),
  };
}

/** A saved donor as form values. */
export function fromDonante(d: DonanteDatosFragment): DonanteValues {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    nombre: d.nombre,
    apellido: d.apellido,
    dni: d.dni,
    fechaNacimiento: formatDate(d.fechaNacimiento),
    sexo: d.sexo,
    domActual: s(d.domActual),
    domActualAltura: s(d.domActualAltura),
    domActualPiso: s(d.domActualPiso),
    domActualDepto: s(d.domActualDepto),
    localidadActual: s(d.localidadActual),
    ProvinciaActual: d.ProvinciaActual,
    domDni: s(d.domDni),
    localidadDni: s(d.localidadDni),
    codPostal: s(d.codPostal),
    telefono: s(d.telefono),
    telefono2: s(d.telefono2),
    email: s(d.email),
    lugarNacimiento: s(d.lugarNacimiento),
    ProvinciaNacimiento: s(d.ProvinciaNacimiento),
    nacionalidad: d.nacionalidad,
    ocupacion: s(d.ocupacion),
    convocado: d.convocado,
    donacionAferesis: d.donacionAferesis,
    donacionAnterior: d.donacionAnterior,
    esVoluntario: d.esVoluntario,
    cph: {
      establecimientoLaboral: d.cph.establecimientoLaboral,
      telefonoLaboral: d.cph.telefonoLaboral,
      emailLaboral: d.cph.emailLaboral,
      contacto1: { ...emptyCph().contacto1, ...stripTypename(d.cph.contacto1) },
      contacto2: { ...emptyCph().contacto2, ...stripTypename(d.cph.contacto2) },
    },
  };
}

function stripTypename<T extends object>(value: T): Omit<T, '__typename'> {
  const { __typename: _t, ...rest } = value as T & { __typename?: string };
  return rest;
}

/** Form values -> the API's DonanteInput (birth date as YYYY-MM-DD). */
export function toDonanteInput(v: DonanteValues): DonanteInput {
  const t = (value: string | undefined) => (value ?? '').trim();
  return {
    nombre: t(v.nombre),
    apellido: t(v.apellido),
    dni: t(v.dni),
    fechaNacimiento: parseFecha(v.fechaNacimiento) ?? t(v.fechaNacimiento),
    sexo: v.sexo,
    domActual: t(v.domActual),
    domActualAltura: t(v.domActualAltura),
    domActualPiso: t(v.domActualPiso),
    domActualDepto: t(v.domActualDepto),
    localidadActual: t(v.localidadActual),
    ProvinciaActual: v.ProvinciaActual,
    domDni: t(v.domDni),
    localidadDni: t(v.localidadDni),
    codPostal: t(v.codPostal),
    telefono: t(v.telefono),
    telefono2: t(v.telefono2),
    email: t(v.email),
    lugarNacimiento: t(v.lugarNacimiento),
    ProvinciaNacimiento: v.ProvinciaNacimiento ?? '',
    nacionalidad: t(v.nacionalidad),
    ocupacion: t(v.ocupacion),
    convocado: v.convocado === true,
    donacionAferesis: v.donacionAferesis === true,
    donacionAnterior: v.donacionAnterior === true,
    esVoluntario: v.esVoluntario,
    cph: {
      establecimientoLaboral: t(v.cph?.establecimientoLaboral),
      telefonoLaboral: t(v.cph?.telefonoLaboral),
      emailLaboral: t(v.cph?.emailLaboral),
      contacto1: {
        Nombre: t(v.cph?.contacto1?.Nombre),
        Apellido: t(v.cph?.contacto1?.Apellido),
        Telefono: t(v.cph?.contacto1?.Telefono),
        Relacion: t(v.cph?.contacto1?.Relacion),
        Email: t(v.cph?.contacto1?.Email),
      },
      contacto2: {
        Nombre: t(v.cph?.contacto2?.Nombre),
        Apellido: t(v.cph?.contacto2?.Apellido),
        Telefono: t(v.cph?.contacto2?.Telefono),
        Relacion: t(v.cph?.contacto2?.Relacion),
        Email: t(v.cph?.contacto2?.Email),
      },
    },
  };
}

function hasCphData(cph: DonanteCphData | undefined): boolean {
  if (!cph) return false;
  const values = [
    cph.establecimientoLaboral,
    cph.telefonoLaboral,
    cph.emailLaboral,
    ...Object.values(cph.contacto1 ?? {}),
    ...Object.values(cph.contacto2 ?? {}),
  ];
  return values.some((v) => typeof v === 'string' && v.trim() !== '');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" aria-label={title} borderWidth="1px" borderColor="gray.200" borderRadius="md" p="4">
      <Heading as="h2" size="sm" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

const PROVINCIA_OPTIONS = [...PROVINCIAS];

/** The expandable CPH part; it also opens when a submit is refused because of a CPH field. */
function CphSection({
  open: openState,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { submitFailed, errors } = useFormState({ subscription: { submitFailed: true, errors: true } });
  const open = openState || (submitFailed && !!errors?.cph);
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="outline" size="sm" alignSelf="flex-start" aria-expanded={open}>
          {open ? 'Ocultar datos del registro CPH' : 'Datos del registro CPH'}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box mt="3">
          <Section title="Registro CPH">{children}</Section>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export type DonanteFormProps = {
  initialValues: DonanteValues;
  /** Resolves to undefined when saved, or to field errors from the server. */
  onSubmit: (values: DonanteValues) => Promise<SubmissionErrors | undefined>;
  submitLabel: string;
  onCancel?: () => void;
  /** The day ages are computed on; today in Argentina unless given. */
  today?: IsoDate;
  /** The form's accessible name. */
  title: string;
  /**
   * Why the last save was refused (the server's messages): shown beside the submit button, where
   * the user is looking after clicking it on this long form, and scrolled into view.
   */
  failure?: ReactNode;
};

/** The donor form: every field of the donor, the CPH data in an expandable section. */
export function DonanteForm({
  initialValues,
  onSubmit,
  submitLabel,
  onCancel,
  today,
  title,
  failure,
}: DonanteFormProps) {
  const day = today ?? todayIso();
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (failure) failureRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [failure]);
  const [cphOpen, setCphOpen] = useState(() => hasCphData(initialValues.cph));
  // The age bounds apply to a birth date entered or changed (an older donor stays editable).
  const nacimientoGuardado = parseFecha(initialValues.fechaNacimiento);
  const rule = (field: string) => (value: unknown) =>
    field === 'fechaNacimiento'
      ? validateFechaNacimiento(value, day, nacimientoGuardado)
      : DONANTE_VALIDATORS[field](value, day);
  const cphRule = (name: string) => cphValidator(name);

  const contacto = (n: 1 | 2) => (
    <Box as="fieldset" aria-label={`Contacto ${n}`}>
      <Text fontWeight="medium" fontSize="sm" mb="2">
        Contacto {n}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <TextField name={`cph.contacto${n}.Nombre`} label="Nombre" validate={cphRule('Nombre')} />
        <TextField name={`cph.contacto${n}.Apellido`} label="Apellido" validate={cphRule('Apellido')} />
        <TextField name={`cph.contacto${n}.Relacion`} label="Relación" validate={cphRule('Relacion')} />
        <TextField
          name={`cph.contacto${n}.Telefono`}
          label="Teléfono"
          type="tel"
          validate={cphRule('Telefono')}
        />
        <TextField name={`cph.contacto${n}.Email`} label="Email" type="email" validate={cphRule('Email')} />
      </SimpleGrid>
    </Box>
  );

  return (
    // The form itself re-renders only when `submitting` changes; each field follows its own state.
    <Form<DonanteValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting }) => {
        return (
          <form onSubmit={handleSubmit} noValidate aria-label={title}>
            <Stack gap="5">
              <Section title="Datos personales">
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  <TextField name="apellido" label="Apellido" required validate={rule('apellido')} />
                  <TextField name="nombre" label="Nombre" required validate={rule('nombre')} />
                  <TextField
                    name="dni"
                    label="DNI"
                    required
                    validate={rule('dni')}
                    inputProps={{ inputMode: 'numeric' }}
                  />
                  <TextField
                    name="fechaNacimiento"
                    label="Fecha de nacimiento"
                    required
                    placeholder="DD/MM/AAAA"
                    validate={rule('fechaNacimiento')}
                    inputProps={{ inputMode: 'numeric' }}
                  />
                  <RadioField name="sexo" label="Sexo" options={SEXOS} validate={rule('sexo')} />
                  <TextField name="nacionalidad" label="Nacionalidad" validate={rule('nacionalidad')} />
                  <TextField
                    name="lugarNacimiento"
                    label="Lugar de nacimiento"
                    validate={rule('lugarNacimiento')}
                  />
                  <SelectField
                    name="ProvinciaNacimiento"
                    label="Provincia de nacimiento"
                    options={PROVINCIA_OPTIONS}
                    placeholder="Seleccione..."
                    validate={rule('ProvinciaNacimiento')}
                  />
                  <TextField name="ocupacion" label="Ocupación" validate={rule('ocupacion')} />
                </SimpleGrid>
              </Section>

              <Section title="Domicilio actual">
                <SimpleGrid columns={{ base: 2, md: 6 }} gap="4">
                  <Box gridColumn={{ base: 'span 2', md: 'span 3' }}>
                    <TextField name="domActual" label="Calle" validate={rule('domActual')} />
                  </Box>
                  <TextField name="domActualAltura" label="Altura" validate={rule('domActualAltura')} />
                  <TextField name="domActualPiso" label="Piso" validate={rule('domActualPiso')} />
                  <TextField name="domActualDepto" label="Depto." validate={rule('domActualDepto')} />
                  <Box gridColumn={{ base: 'span 2', md: 'span 3' }}>
                    <TextField name="localidadActual" label="Localidad" validate={rule('localidadActual')} />
                  </Box>
                  <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
                    <SelectField
                      name="ProvinciaActual"
                      label="Provincia"
                      options={PROVINCIA_OPTIONS}
                      validate={rule('ProvinciaActual')}
                    />
                  </Box>
                  <TextField name="codPostal" label="Código postal" validate={rule('codPostal')} />
                </SimpleGrid>
              </Section>

              <Section title="Domicilio según DNI">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField name="domDni" label="Domicilio del DNI" validate={rule('domDni')} />
                  <TextField name="localidadDni" label="Localidad del DNI" validate={rule('localidadDni')} />
                </SimpleGrid>
              </Section>

              <Section title="Contacto">
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  <TextField name="telefono" label="Teléfono" type="tel" validate={rule('telefono')} />
                  <TextField
                    name="telefono2"
                    label="Teléfono alternativo"
                    type="tel"
                    validate={rule('telefono2')}
                  />
                  <TextField name="email" label="Email" type="email" validate={rule('email')} />
                </SimpleGrid>
              </Section>

              <Section title="Donación">
                <Stack gap="3">
                  <RadioField
                    name="esVoluntario"
                    label="¿Es donante voluntario?"
                    options={ES_VOLUNTARIO}
                    validate={rule('esVoluntario')}
                  />
                  <HStack gap="6" wrap="wrap">
                    <CheckboxField name="donacionAnterior" label="Donó anteriormente" />
                    <CheckboxField name="donacionAferesis" label="Donación por aféresis" />
                    <CheckboxField name="convocado" label="Convocado" />
                  </HStack>
                </Stack>
              </Section>

              <CphSection open={cphOpen} onOpenChange={setCphOpen}>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    <TextField
                      name="cph.establecimientoLaboral"
                      label="Establecimiento laboral"
                      validate={cphRule('establecimientoLaboral')}
                    />
                    <TextField
                      name="cph.telefonoLaboral"
                      label="Teléfono laboral"
                      type="tel"
                      validate={cphRule('telefonoLaboral')}
                    />
                    <TextField
                      name="cph.emailLaboral"
                      label="Email laboral"
                      type="email"
                      validate={cphRule('emailLaboral')}
                    />
                  </SimpleGrid>
                  {contacto(1)}
                  {contacto(2)}
                </Stack>
              </CphSection>

              {failure && <Box ref={failureRef}>{failure}</Box>}
              <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
            </Stack>
          </form>
        );
      }}
    </Form>
  );
}
