import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { validateRegister } from '@domain/validation';
import type { RegisterData } from '@domain/validation';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ClaveNuevaFields, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { RegisterDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';

export function RegisterPage() {
  const [registerMutation] = useMutation(RegisterDocument);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);

  const onSubmit = async (values: RegisterData) => {
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
            rol: 'ROL_SERVICIO',
          },
        },
      });
      if (!data) throw new Error(MSG.errorInesperado);
      login(data.register.token, data.register.usuario);
      navigate('/donantes', { replace: true });
    } catch (error) {
      setServerErrors(errorMessages(error));
    }
  };

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h2" size="md">
          Registrar servicio
        </Heading>
        <Text fontSize="sm" color="gray.600">
          Cree la cuenta del servicio de hemoterapia. Quien la registra queda como administrador del servicio.
        </Text>
      </Stack>
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      <Form<RegisterData> onSubmit={onSubmit} validate={(v) => toFormErrors(validateRegister(v))}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="4">
              <TextField name="nombre" label="Nombre del servicio" autoComplete="organization" required />
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
