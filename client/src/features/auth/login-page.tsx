import { Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { validateTexto } from '@domain/texto';
import { isBlank } from '@domain/validation';
import { useAuth } from '@/lib/auth-context';
import { inicioDe } from '@/lib/inicio';
import { AppAlert } from '@/components/app-alert';
// Not the barrel: it would pull every form control into the first page's chunk.
import { LabelledField } from '@/components/form/labelled-field';
import { ServerErrors } from '@/components/server-errors';
import { LoginDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

type Campo = 'username' | 'password';
type LoginValues = Record<Campo, string>;

/** As the app's text fields check them: invisible and control characters first, then required. */
export function validate(values: LoginValues): Partial<Record<Campo, string>> {
  const errors: Partial<Record<Campo, string>> = {};
  for (const campo of ['username', 'password'] as const) {
    const error = validateTexto(values[campo], campo) ?? (isBlank(values[campo]) ? MSG.requerido : undefined);
    if (error) errors[campo] = error;
  }
  return errors;
}

const CAMPOS: { name: Campo; label: string; type: 'text' | 'password'; autoComplete: string }[] = [
  { name: 'username', label: 'Usuario', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Clave', type: 'password', autoComplete: 'current-password' },
];

/**
 * The sign-in form. Two fields, so React state rather than the form library the other forms use:
 * the first screen's scripts stay about 6 kB smaller. It behaves as those forms do: a field's error
 * shows once it was left or the form was sent, and a form with errors is not sent.
 */
export function LoginPage() {
  const [loginMutation] = useMutation(LoginDocument);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Campo, boolean>>({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const errors = validate(values);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (submitting || Object.keys(errors).length > 0) return;
    setServerErrors(null);
    setSubmitting(true);
    try {
      const { data } = await loginMutation({
        variables: { input: { username: values.username.trim(), password: values.password } },
      });
      if (!data) throw new Error(MSG.errorInesperado);
      login(data.login.token, data.login.usuario);
      navigate(inicioDe(data.login.usuario.rol), { replace: true });
    } catch (error) {
      setServerErrors(errorMessages(error));
      setSubmitting(false);
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
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="4">
          {CAMPOS.map(({ name, label, type, autoComplete }) => (
            <LabelledField key={name} label={label} required error={touched[name] ? errors[name] : undefined}>
              <Input
                name={name}
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
                type={type}
                autoComplete={autoComplete}
                bg="white"
              />
            </LabelledField>
          ))}
          <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Ingresando...">
            Ingresar
          </Button>
        </Stack>
      </form>
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
