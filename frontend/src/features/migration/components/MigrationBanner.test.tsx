import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import type * as Migration from '@/features/migration/utils/migration';
import { POLL_TIMED_OUT, START_FAILED } from '@/features/migration/utils/migration';
import { MigrationBanner } from './MigrationBanner';

// the spec's 2 s and 1500 polls, shortened so the give-up is reached in a test
vi.mock('@/features/migration/utils/migration', async (original) => ({
  ...(await original<typeof Migration>()),
  MIGRATION_POLL_MS: 10,
  MIGRATION_MAX_POLLS: 3,
}));

const JOB = 'migration/u';
const REPORT = 'http://s3.test/cairn/reports/allocation_2024.pdf?sig';

function state(overrides: Record<string, unknown> = {}) {
  return {
    universalToPerWalletMigration: {
      lotAllocationMethod: null,
      lotAllocationMethods: [
        { method: 'SPECIFIC_UNIT', name: 'Specific unit allocation', meaning: 'Each lot stays where the record placed it.' },
        { method: 'GLOBAL', name: 'Global allocation', meaning: 'The lots, oldest first, fill the wallets in order.' },
      ],
      costBasisByWallet: false,
      hasTransitioned: false,
      migrationPreviouslySoftBlocked: false,
      isUndergoingAllocation: false,
      isAvailable: true,
      jobId: null,
      ...overrides,
    },
  };
}

function poll(final: boolean, success = false) {
  return {
    universalToPerWalletMigrationPollResult: {
      success,
      isStatusFinal: final,
      url: success ? REPORT : null,
      csvUrl: null,
      errorMessage: null,
    },
  };
}

const OK = { success: true, error: null, errorMessage: null };

describe('Migration banner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not shown to users the migration is not for', async () => {
    const fetched = mockFetch({ universalToPerWalletMigration: () => state({ isAvailable: false }) });
    const { container } = renderWithProviders(<MigrationBanner navigate={vi.fn()} />);
    await waitFor(() => expect(fetched.operations()).toContain('universalToPerWalletMigration'));
    expect(container.querySelector('[data-testid="migration-banner"]')).toBeNull();
  });

  it('needs a method, confirms, polls and goes to the report', async () => {
    let method: string | null = null;
    const answers = [poll(false), poll(true, true)];
    const fetched = mockFetch({
      universalToPerWalletMigration: () => state({ lotAllocationMethod: method }),
      updateLotAllocationMethod: (variables) => {
        method = String(variables.method);
        return { updateLotAllocationMethod: OK };
      },
      startUniversalToPerWalletMigration: () => ({ startUniversalToPerWalletMigration: { ...OK, jobId: JOB } }),
      universalToPerWalletMigrationPollResult: () => answers.shift() ?? poll(true, true),
    });
    const navigate = vi.fn();
    renderWithProviders(<MigrationBanner navigate={navigate} />);
    const migrate = await screen.findByRole('button', { name: 'Migrate Now' });
    expect(migrate).toBeDisabled();

    fireEvent.click(screen.getByRole('radio', { name: /Global allocation/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Migrate Now' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Migrate Now' }));
    const dialog = within(await screen.findByTestId('migration-confirm'));
    expect(dialog.getByText(/This cannot be undone/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Migrate' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith(REPORT));
    expect(fetched.calls.find((call) => call.operationName === 'updateLotAllocationMethod')?.variables).toEqual({ method: 'GLOBAL' });
    const polls = fetched.calls.filter((call) => call.operationName === 'universalToPerWalletMigrationPollResult');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls[0]?.variables).toEqual({ jobId: JOB });
  });

  it('says so when the migration could not be started', async () => {
    mockFetch({
      universalToPerWalletMigration: () => state({ lotAllocationMethod: 'SPECIFIC_UNIT' }),
      startUniversalToPerWalletMigration: () => ({
        startUniversalToPerWalletMigration: { success: false, jobId: null, error: 'migration_start_failed', errorMessage: START_FAILED },
      }),
    });
    renderWithProviders(<MigrationBanner navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Migrate Now' }));
    fireEvent.click(within(await screen.findByTestId('migration-confirm')).getByRole('button', { name: 'Migrate' }));
    expect(await screen.findByTestId('migration-error')).toHaveTextContent(START_FAILED);
  });

  it('is disabled while allocating and gives up after the last poll', async () => {
    mockFetch({
      universalToPerWalletMigration: () => state({ lotAllocationMethod: 'GLOBAL', isUndergoingAllocation: true, jobId: JOB }),
      universalToPerWalletMigrationPollResult: () => poll(false),
    });
    const navigate = vi.fn();
    renderWithProviders(<MigrationBanner navigate={navigate} />);
    expect(await screen.findByRole('button', { name: 'Migrate Now' })).toBeDisabled();
    expect(await screen.findByTestId('migration-error')).toHaveTextContent(POLL_TIMED_OUT);
    expect(navigate).not.toHaveBeenCalled();
  });
});
