import { Box, Heading, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { setIn } from 'final-form';
import type { SubmissionErrors } from 'final-form';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import {
  CreateDonanteDocument,
  DonanteDocument,
  DonantesDocument,
  UpdateDonanteDocument,
} from '@/generated/graphql';
import { invalidarElegibilidad } from '@/lib/elegibilidad-cache';
import { errorMessages } from '@/lib/graphql-errors';
import { DonanteForm, fromDonante, nuevoDonante, toDonanteInput } from './donante-form';
import type { DonanteValues } from './donante-form';

/** The server's { field, msg } list as final-form submit errors (nested for 'cph.contacto1.Email'). */
function submitErrors(error: unknown): SubmissionErrors | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  let out: Record<string, unknown> = {};
  for (const e of error.errors) {
    const list = e.extensions?.errors;
    if (!Array.isArray(list)) continue;
    for (const item of list as { field?: unknown; msg?: unknown }[]) {
      if (typeof item.field === 'string' && item.field && typeof item.msg === 'string') {
        out = setIn(out, item.field, item.msg) as Record<string, unknown>;
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

type Failure = { title: string; messages: string[] };

function FailureAlert({ failure, onClose }: { failure: Failure | null; onClose?: () => void }) {
  if (!failure) return null;
  return (
    <AppAlert title={failure.title} message={<ServerErrors errors={failure.messages} />} onClose={onClose} />
  );
}

/** The refusal beside the form's button: one element per refusal (the form scrolls to each new one). */
function useFailureAlert(failure: Failure | null, setFailure: (f: Failure | null) => void): ReactNode {
  return useMemo(
    () => failure && <FailureAlert failure={failure} onClose={() => setFailure(null)} />,
    [failure, setFailure],
  );
}

/** Back to '/', on the search that finds the saved donor, with the toast saying it was saved. */
function volverConDonante(navigate: ReturnType<typeof useNavigate>, dni: string, message: string) {
  showToast(message);
  navigate(`/?${new URLSearchParams({ dni })}`);
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="5" maxW="6xl">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** /donantes/nuevo */
export function DonanteNuevoPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureAlert = useFailureAlert(failure, setFailure);
  const [crear] = useMutation(CreateDonanteDocument, {
    refetchQueries: [DonantesDocument],
    // A record with the digits of another's DNI is that person for the rules, until told apart.
    update(cache) {
      invalidarElegibilidad(cache);
    },
  });
  const initialValues = useMemo(() => nuevoDonante(), []);

  const onSubmit = async (values: DonanteValues) => {
    setFailure(null);
    try {
      const input = toDonanteInput(values);
      const { data } = await crear({ variables: { input } });
      volverConDonante(navigate, data?.createDonante.dni ?? input.dni, MSG.donanteAgregado);
      return undefined;
    } catch (e) {
      setFailure({ title: MSG.errorCrearDonante, messages: errorMessages(e) });
      return submitErrors(e);
    }
  };

  return (
    <Frame title="Nuevo donante">
      <DonanteForm
        title="Nuevo donante"
        initialValues={initialValues}
        onSubmit={onSubmit}
        submitLabel="Guardar"
        onCancel={() => navigate('/donantes')}
        failure={failureAlert}
      />
    </Frame>
  );
}

/** /donantes/editar/:donanteId */
export function DonanteEditarPage() {
  const { donanteId = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureAlert = useFailureAlert(failure, setFailure);
  const { data, loading, error } = useQuery(DonanteDocument, {
    variables: { id: donanteId },
    fetchPolicy: 'network-only',
  });
  const [editar] = useMutation(UpdateDonanteDocument, {
    refetchQueries: [DonantesDocument],
    // A DNI or sex changed changes what the rules say of the person (on other records too).
    update(cache) {
      invalidarElegibilidad(cache, { donante: donanteId });
    },
  });
  const donante = data?.donante;
  const initialValues = useMemo(() => (donante ? fromDonante(donante) : undefined), [donante]);

  const onSubmit = async (values: DonanteValues) => {
    setFailure(null);
    try {
      const input = toDonanteInput(values);
      const { data: saved } = await editar({ variables: { id: donanteId, input } });
      volverConDonante(navigate, saved?.updateDonante.dni ?? input.dni, MSG.donanteEditado);
      return undefined;
    } catch (e) {
      setFailure({ title: MSG.errorEditarDonante, messages: errorMessages(e) });
      return submitErrors(e);
    }
  };

  return (
    <Frame title="Editar donante">
      <LoadingOverlay open={loading && !data} />
      {error && <FailureAlert failure={{ title: MSG.errorCargarDonante, messages: errorMessages(error) }} />}
      {initialValues && (
        <Box>
          <DonanteForm
            key={donante?.id}
            title="Editar donante"
            initialValues={initialValues}
            onSubmit={onSubmit}
            submitLabel="Guardar cambios"
            onCancel={() => navigate('/donantes')}
            failure={failureAlert}
          />
        </Box>
      )}
    </Frame>
  );
}
