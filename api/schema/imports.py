"""CSV imports: creating an account from an uploaded file (CsvImportWorkflow), importing a file into an
account the user has (AccountImportWorkflow), and the job status both are polled with.

A file for an integration of category Exchange makes an exchange account fed by files (kind 1); the
generic CSV and wallet or blockchain integrations make a custom wallet (kind 3).
"""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.jobs import NewJob, start_work
from api.limits import MAX_ID_CHARS, MAX_NAME_CHARS, MAX_SLUG_CHARS, MAX_URL_CHARS
from api.schema.accounts import Account, account_id_of
from api.schema.uploads import checked_upload
from api.string_bounds import MaxLength, max_length
from contracts.ids import account_import_id, csv_import_id
from contracts.imports import CsvImportInput, account_import, new_account_import
from ledger.models import Job
from ledger.scope.catalog import allowed_import_types, integration_by_slug
from vocabulary.enums import (
    IMPORT_TYPE_NAMES,
    AccountKind,
    ImportType,
    IntegrationCategory,
    JobKind,
    JobStatus,
)
from vocabulary.errors import (
    CUSTOM_WALLET_CREATION_FAILED,
    VIEW_AS_IMPORT_FORBIDDEN,
    WALLET_NAME_REQUIRED,
    AccountError,
    account_error_message,
    wrong_import_type,
)

UNKNOWN_JOB = "This import could not be found."


@strawberry.input
class CustomWalletInput:
    wallet_name: str = strawberry.field(directives=[MaxLength(chars=MAX_NAME_CHARS)])
    csv_url: str = strawberry.field(directives=[MaxLength(chars=MAX_URL_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.type
class CreateCustomWalletResult:
    success: bool
    job_id: str | None = None
    error: str | None = None
    error_message: str | None = None

    @classmethod
    def failed(cls, code: AccountError, message: str | None = None) -> CreateCustomWalletResult:
        return cls(success=False, error=code.value, error_message=message or account_error_message(code))


@strawberry.input
class ImportAccountTransactionsInput:
    account_id: strawberry.ID
    csv_url: str = strawberry.field(directives=[MaxLength(chars=MAX_URL_CHARS)])
    import_type: int  # spec 000 §3: 1 generic CSV, 2 trade imports, 3 trade transfers, 7 transaction history


@strawberry.type
class ImportAccountTransactionsResult:
    success: bool
    job_id: str | None = None
    error: str | None = None
    error_message: str | None = None

    @classmethod
    def failed(cls, code: AccountError, message: str | None = None) -> ImportAccountTransactionsResult:
        return cls(success=False, error=code.value, error_message=message or account_error_message(code))


@strawberry.type
class CsvImportJob:
    account_id: strawberry.Private[int | None]
    job_id: str
    status: str
    is_status_final: bool
    success: bool
    error_message: str | None
    number_imported: int
    number_total: int
    number_ignored: int
    number_skipped: int
    number_user_defined_tokens: int
    number_for_review: int = strawberry.field(
        description="New transactions of a type the file's parser did not recognise, imported for review "
        "(by what they move, the exchange's type kept as their label)"
    )
    number_held_frozen: int = strawberry.field(
        description="New transactions dated in a frozen tax year: held for review and not applied until "
        "the year is unfrozen (counted here only, whatever their type)"
    )
    progress: int
    resuming: bool = strawberry.field(
        description="The import runs again after a failure (a worker restarted) and has not yet passed "
        "the progress it had reached: the UI shows Resuming…"
    )

    @classmethod
    def of(cls, job: Job) -> CsvImportJob:
        return cls(
            account_id=job.account_id,
            job_id=job.id,
            status=job.status.value,
            is_status_final=job.is_final,
            success=job.status == JobStatus.FINISHED,
            error_message=job.error_message,
            number_imported=job.number_imported,
            number_total=job.number_total,
            number_ignored=job.number_ignored,
            number_skipped=job.number_skipped,
            number_user_defined_tokens=job.number_user_defined_tokens,
            number_for_review=job.number_for_review,
            number_held_frozen=job.number_held_frozen,
            progress=job.progress,
            resuming=job.resuming and not job.is_final,
        )

    @classmethod
    def unknown(cls, job_id: str) -> CsvImportJob:
        return cls(
            account_id=None,
            job_id=job_id,
            status=JobStatus.UNKNOWN.value,
            is_status_final=True,
            success=False,
            error_message=UNKNOWN_JOB,
            number_imported=0,
            number_total=0,
            number_ignored=0,
            number_skipped=0,
            number_user_defined_tokens=0,
            number_for_review=0,
            number_held_frozen=0,
            progress=0,
            resuming=False,
        )

    @strawberry.field(description="The account the file was imported into: a custom wallet or an exchange.")
    async def created_custom_wallet(self, info: CairnInfo) -> Account | None:
        if self.account_id is None:
            return None
        row = await info.context.scope.accounts.account(self.account_id)
        return None if row is None else Account.of(row)


@strawberry.type
class ImportsQuery:
    @strawberry.field
    async def csv_import_job_status(
        self, info: CairnInfo, job_id: Annotated[str, max_length(MAX_ID_CHARS)]
    ) -> CsvImportJob:
        job = await info.context.scope.jobs.job(job_id, JobKind.CSV_IMPORT)
        return CsvImportJob.unknown(job_id) if job is None else CsvImportJob.of(job)


@strawberry.type
class ImportsMutation:
    @strawberry.mutation
    async def create_custom_wallet(
        self, info: CairnInfo, custom_wallet_input: CustomWalletInput
    ) -> CreateCustomWalletResult:
        context, given = info.context, custom_wallet_input
        name = given.wallet_name.strip()
        if not name:
            return CreateCustomWalletResult.failed(AccountError.INVALID_ACCOUNT, WALLET_NAME_REQUIRED)
        integration = await integration_by_slug(context.session, given.account_type_slug)
        if integration is None:
            return CreateCustomWalletResult.failed(AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND)
        if context.services.storage.key_of(given.csv_url, context.user.public_id) is None:
            return CreateCustomWalletResult.failed(AccountError.INVALID_FILE_URL)
        kind = (
            AccountKind.EXCHANGE
            if integration.category == IntegrationCategory.EXCHANGE
            else AccountKind.CUSTOM_WALLET
        )
        report = await checked_upload(context, given.csv_url)
        if report.errors:  # nothing is created for a file that was never checked or failed its check
            return CreateCustomWalletResult.failed(AccountError.GENERIC_ERROR, "\n".join(report.errors))
        accounts = context.scope.accounts
        account = await accounts.create_account(kind, name, integration)
        started = await start_work(
            context,
            new_account_import(CsvImportInput(csv_import_id(), account.id, context.user.id, given.csv_url)),
            job=NewJob(JobKind.CSV_IMPORT, account.id, CUSTOM_WALLET_CREATION_FAILED),
            undo=lambda: accounts.discard_account(account.id),
        )
        if not started.ok:
            return CreateCustomWalletResult.failed(AccountError.GENERIC_ERROR, CUSTOM_WALLET_CREATION_FAILED)
        return CreateCustomWalletResult(success=True, job_id=started.job_id)

    @strawberry.mutation
    async def import_account_transactions(
        self, info: CairnInfo, input: ImportAccountTransactionsInput
    ) -> ImportAccountTransactionsResult:
        """Import a file into an exchange or custom wallet the user has (the two import routes)."""
        context = info.context
        if context.viewing_as:
            return ImportAccountTransactionsResult.failed(
                AccountError.INVALID_ACCOUNT, VIEW_AS_IMPORT_FORBIDDEN
            )
        account_id = account_id_of(input.account_id)
        account = None if account_id is None else await context.scope.accounts.account(account_id)
        if account is None or account.will_be_deleted:
            return ImportAccountTransactionsResult.failed(AccountError.ACCOUNT_NOT_FOUND)
        if input.import_type not in allowed_import_types(account.kind, account.integration):
            return ImportAccountTransactionsResult.failed(AccountError.INVALID_IMPORT_TYPE)
        if context.services.storage.key_of(input.csv_url, context.user.public_id) is None:
            return ImportAccountTransactionsResult.failed(AccountError.INVALID_FILE_URL)
        report = await checked_upload(context, input.csv_url)
        if report.errors or report.import_type is None or report.format_name is None:
            return ImportAccountTransactionsResult.failed(
                AccountError.GENERIC_ERROR, "\n".join(report.errors)
            )
        if report.import_type != input.import_type:
            return ImportAccountTransactionsResult.failed(
                AccountError.INVALID_IMPORT_TYPE,
                wrong_import_type(
                    report.format_name,
                    IMPORT_TYPE_NAMES[ImportType(report.import_type)],
                    IMPORT_TYPE_NAMES[ImportType(input.import_type)],
                ),
            )
        account.is_syncing = True

        async def stop_syncing() -> None:
            account.is_syncing = False

        started = await start_work(
            context,
            account_import(
                CsvImportInput(
                    account_import_id(), account.id, context.user.id, input.csv_url, input.import_type
                )
            ),
            job=NewJob(JobKind.CSV_IMPORT, account.id, CUSTOM_WALLET_CREATION_FAILED),
            undo=stop_syncing,
        )
        if not started.ok:
            return ImportAccountTransactionsResult.failed(
                AccountError.GENERIC_ERROR, CUSTOM_WALLET_CREATION_FAILED
            )
        return ImportAccountTransactionsResult(success=True, job_id=started.job_id)
