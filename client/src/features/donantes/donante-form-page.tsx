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
import {
  CreateDonanteDocument,
  DonanteDocument,
  DonantesDocument,
  UpdateDonanteDocument,
} from '@/generated/graphql';
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
  const [crear] = useMutation(CreateDonanteDocument, { refetchQueries: [DonantesDocument] });
  const initialValues = useMemo(() => nuevoDonante(), []);

  const onSubmit = async (values: DonanteValues) => {
    setFailure(null);
    try {
      await crear({ variables: { input: toDonanteInput(values) } });
      navigate('/');
      return undefined;
    } catch (e) {
      setFailure({ title: MSG.errorCrearDonante, messages: errorMessages(e) });
      return submitErrors(e);
    }
  };

  return (
    <Frame title="Nuevo donante">
      <FailureAlert failure={failure} onClose={() => setFailure(null)} />
      <DonanteForm
        title="Nuevo donante"
        initialValues={initialValues}
        onSubmit={onSubmit}
        submitLabel="Guardar"
        onCancel={() => navigate('/donantes')}
      />
    </Frame>
  );
}

/** /donantes/editar/:donanteId */
export function DonanteEditarPage() {
  const { donanteId = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const { data, loading, error } = useQuery(DonanteDocument, {
    variables: { id: donanteId },
    fetchPolicy: 'network-only',
  });
  const [editar] = useMutation(UpdateDonanteDocument, { refetchQueries: [DonantesDocument] });
  const donante = data?.donante;
  const initialValues = useMemo(() => (donante ? fromDonante(donante) : undefined), [donante]);

  const onSubmit = async (values: DonanteValues) => {
    setFailure(null);
    try {
      await editar({ variables: { id: donanteId, input: toDonanteInput(values) } });
      navigate('/');
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
      <FailureAlert failure={failure} onClose={() => setFailure(null)} />
      {initialValues && (
        <Box>
          <DonanteForm
            key={donante?.id}
            title="Editar donante"
            initialValues={initialValues}
            onSubmit={onSubmit}
            submitLabel="Guardar cambios"
            onCancel={() => navigate('/donantes')}
          />
        </Box>
      )}
    </Frame>
  );
}
