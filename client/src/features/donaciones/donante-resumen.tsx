import { Box, Grid, Heading, Text } from '@chakra-ui/react';
import { formatDate, todayIso, yearsBetween } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';

export type DonanteResumenCardProps = {
  donante: {
    nombre: string;
    apellido: string;
    dni: string;
    fechaNacimiento: string;
    sexo?: string | null;
    telefono?: string | null;
    esVoluntario?: string | null;
    ultimaDonacion?: string | null;
  };
  title?: string;
};

/** The donor at the top of the donation screens. */
export function DonanteResumenCard({ donante: d, title = 'Donante' }: DonanteResumenCardProps) {
  const edad = d.fechaNacimiento ? yearsBetween(d.fechaNacimiento, todayIso()) : null;
  const items: [string, string][] = [
    ['DNI', d.dni],
    ['Fecha de nacimiento', d.fechaNacimiento ? `${formatDate(d.fechaNacimiento)} (${edad} años)` : ''],
    ['Sexo', d.sexo ?? ''],
    ['Teléfono', d.telefono ?? ''],
    ['Voluntario', d.esVoluntario ?? ''],
    ['Última donación', d.ultimaDonacion ? formatDate(d.ultimaDonacion) : 'Ninguna'],
  ];
  return (
    <Box as="section" aria-label={title} bg="white" borderWidth="1px" borderRadius="lg" p="4">
      <Text fontSize="xs" textTransform="uppercase" color="gray.600" letterSpacing="wide">
        {title}
      </Text>
      <Heading as="h2" size="md" mb="3">
        {nombreCompleto(d)}
      </Heading>
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="2">
        {items.map(([label, value]) => (
          <Box key={label}>
            <Text fontSize="xs" color="gray.600">
              {label}
            </Text>
            <Text fontSize="sm">{value || '—'}</Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
