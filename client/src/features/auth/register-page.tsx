import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { validateRegister } from '@domain/validation';
import type { RegisterData } from '@domain/validation';
import { ROLES_REGISTRO } from '@domain/roles';
import { useAuth } from '@/lib/auth-context';
import { inicioDe } from '@/lib/inicio';
import { AppAlert } from '@/components/app-alert';
import { ClaveNuevaFields, RadioField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { RegisterDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';

type RolRegistro = (typeof ROLES_REGISTRO)[number];
type RegisterValues = RegisterData & { rol: RolRegistro };

/** What kind of account is registered: a servicio (by default) or a network of servicios. */
const TIPOS_DE_CUENTA: { value: RolRegistro; label: string }[] = [
  { value: 'ROL_SERVICIO', label: 'Servicio de hemoterapia' },
  { value: 'ROL_RED', label: 'Red o programa provincial' },
];

const AYUDA: Record<RolRegistro, string> = {
  ROL_SERVICIO:
    'Cree la cuenta del servicio de hemoterapia. Quien la registra queda como administrador del servicio.',
  ROL_RED:
    'Cree la cuenta de una red o programa provincial: verá las cifras de los servicios que se unan con su código de invitación, nunca datos de personas.',
};

export function RegisterPage() {
  const [registerMutation] = useMutation(RegisterDocument);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);

  const onSubmit = async (values: RegisterValues) => {
    setServerErrors(null);
    try {
      const { data } = await registerMutation({
        variables: {
          input: {
            nombre: values.nombre!.trim(),
            username: values.username!.trim(),
            email: values.email!.trim(),
            password: values.password!,
            password2: values.password2!,
            rol: values.rol,
          },
        },
      });
      if (!data) throw new Error(MSG.errorInesperado);
      login(data.register.token, data.register.usuario);
      navigate(inicioDe(data.register.usuario.rol), { replace: true });
    } catch (error) {
      setServerErrors(errorMessages(error));
    }
  };

  return (
    <Stack gap="5">
      <Form<RegisterValues>
        onSubmit={onSubmit}
        initialValues={{ rol: 'ROL_SERVICIO' }}
        validate={(v) => toFormErrors(validateRegister(v))}
      >
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-labelledby="register-titulo">
            <Stack gap="4">
              <Stack gap="1">
                <Heading as="h2" size="md" id="register-titulo">
                  {values.rol === 'ROL_RED' ? 'Registrar red' : 'Registrar servicio'}
                </Heading>
                <Text fontSize="sm" color="gray.600">
                  {AYUDA[values.rol]}
                </Text>
              </Stack>
              {serverErrors && (
                <AppAlert
                  message={<ServerErrors errors={serverErrors} />}
                  onClose={() => setServerErrors(null)}
                />
              )}
              <RadioField name="rol" label="Tipo de cuenta" options={TIPOS_DE_CUENTA} />
              <TextField
                name="nombre"
                label={values.rol === 'ROL_RED' ? 'Nombre de la red o programa' : 'Nombre del servicio'}
                autoComplete="organization"
                required
              />
              <TextField name="username" label="Usuario" autoComplete="username" required />
              <TextField name="email" label="Email" type="email" autoComplete="email" required />
              <ClaveNuevaFields name="password" label="Clave" labelRepetir="Repetir clave" />
              <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Registrando...">
                Registrar
              </Button>
            </Stack>
          </form>
        )}
      </Form>
      <Text fontSize="sm" color="gray.600" textAlign="center">
        ¿Ya tiene cuenta?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to="/auth/login">Ingresar</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}
