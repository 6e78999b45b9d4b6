import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { isBlank } from '@domain/validation';
import { useAuth } from '@/lib/auth-context';
import { inicioDe } from '@/lib/inicio';
import { AppAlert } from '@/components/app-alert';
// Not the barrel: it would pull every form control into the first page's chunk.
import { TextField } from '@/components/form/text-field';
import { ServerErrors } from '@/components/server-errors';
import { LoginDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

type LoginValues = { username?: string; password?: string };

function validate(values: LoginValues) {
  const errors: Record<string, string> = {};
  if (isBlank(values.username)) errors.username = MSG.requerido;
  if (isBlank(values.password)) errors.password = MSG.requerido;
  return errors;
}

export function LoginPage() {
  const [loginMutation] = useMutation(LoginDocument);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);

  const onSubmit = async (values: LoginValues) => {
    setServerErrors(null);
    try {
      const { data } = await loginMutation({
        variables: { input: { username: values.username!.trim(), password: values.password! } },
      });
      if (!data) throw new Error(MSG.errorInesperado);
      login(data.login.token, data.login.usuario);
      navigate(inicioDe(data.login.usuario.rol), { replace: true });
    } catch (error) {
      setServerErrors(errorMessages(error));
    }
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        Ingresar
      </Heading>
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      <Form<LoginValues> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="4">
              <TextField name="username" label="Usuario" autoComplete="username" required />
              <TextField
                name="password"
                label="Clave"
                type="password"
                autoComplete="current-password"
                required
              />
              <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Ingresando...">
                Ingresar
              </Button>
            </Stack>
          </form>
        )}
      </Form>
      <Stack gap="1" fontSize="sm" align="center">
        <Link asChild color="brand.fg">
          <RouterLink to="/auth/recover">¿Olvidó su clave?</RouterLink>
        </Link>
        <Text color="gray.600">
          ¿No tiene cuenta?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/auth/register">Registrar un servicio</RouterLink>
          </Link>
        </Text>
      </Stack>
    </Stack>
  );
}
