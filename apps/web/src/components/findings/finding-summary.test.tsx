import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../testing/finding';
import { FindingSummary, OutcomeBadge } from './finding-summary';

describe('FindingSummary', () => {
  it('shows the activity, then each fact on its own line, then the warnings', () => {
    render(
      <FindingSummary
        outcome="SCANNED"
        exception={null}
        finding={makeFinding({
          activity: 'MEDIA',
          derivedActivity: 'MEDIA',
          deviceStatus: 'DANADO',
          baitConsumption: 50,
          evidence: ['ROEDURAS'],
          actions: ['CEBO_REPUESTO', 'LIMPIEZA'],
          notes: 'Tapa rota.',
          captures: [
            { pestId: 3, name: 'Ratón doméstico', group: 'ROEDORES', count: 0, band: null },
            { pestId: 9, name: 'Moscas', group: 'VOLADORES', count: null, band: '11-50' },
          ],
          flags: ['ENVIO_TARDIO'],
        })}
      />,
    );
    expect(screen.getByText('Actividad media')).toHaveClass('badge--warning');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dañado',
      'Consumo de cebo 50 %',
      // A count of 0 says the pest was looked for: it is not a catch.
      'Capturas: Moscas 11–50',
      'Indicios: roeduras',
      // In the catalogue's order, whatever order they were tapped in.
      'Acciones: limpieza, cebo o atrayente repuesto',
      'Nota: Tapa rota.',
      'Enviado más de un día después',
    ]);
    expect(within(screen.getByRole('list', { name: 'Advertencias' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when the technician raised the activity above what the finding shows, and an after-close correction', () => {
    render(
      <FindingSummary
        outcome="SCANNED"
        exception={null}
        finding={makeFinding({
          activity: 'ALTA',
          derivedActivity: 'BAJA',
          isCorrection: true,
          reason: 'Eran dos ratones.',
        })}
      />,
    );
    expect(screen.getByText('Actividad alta (según el técnico)')).toHaveClass('badge--danger');
    expect(screen.getByText('Corregido después del cierre: Eran dos ratones.')).toBeInTheDocument();
  });

  it('shows why a device could not be scanned, and that nothing was recorded at a scanned one', () => {
    const { rerender } = render(
      <FindingSummary
        outcome="EXCEPTION"
        exception={{ reason: 'NO_ENCONTRADO', reasonDetail: null, note: 'Falta el soporte.' }}
        finding={null}
      />,
    );
    expect(screen.getByText('Falta el soporte.')).toBeInTheDocument();
    // A preset reason needs no note: its name is why.
    rerender(
      <FindingSummary
        outcome="EXCEPTION"
        exception={{ reason: 'INACCESIBLE', reasonDetail: 'AREA_CERRADA', note: null }}
        finding={null}
      />,
    );
    expect(screen.getByText('Área cerrada')).toBeInTheDocument();
    rerender(<FindingSummary outcome="SCANNED" exception={null} finding={null} />);
    expect(screen.getByText('Sin hallazgo registrado')).toBeInTheDocument();
  });
});

describe('OutcomeBadge', () => {
  it('tells a scan, which proves presence, from a device accounted for without one', () => {
    const { rerender } = render(<OutcomeBadge outcome="SCANNED" exception={null} manual={null} />);
    expect(screen.getByText('Escaneada')).toHaveClass('badge--success');
    rerender(
      <OutcomeBadge
        outcome="EXCEPTION"
        exception={{ reason: 'INACCESIBLE', reasonDetail: null, note: 'x' }}
        manual={null}
      />,
    );
    expect(screen.getByText('Inaccesible')).toHaveClass('badge--warning');
    // A typed printed code was inspected, but its QR was not read: not the scan's green.
    rerender(<OutcomeBadge outcome="MANUAL" exception={null} manual={{ reason: 'ETIQUETA_DANADA', code: 'TRP-1' }} />);
    expect(screen.getByText('Código escrito (etiqueta dañada)')).toHaveClass('badge--warning');
    rerender(<OutcomeBadge outcome={null} exception={null} manual={null} />);
    expect(screen.getByText('Pendiente')).toHaveClass('badge--neutral');
  });
});
