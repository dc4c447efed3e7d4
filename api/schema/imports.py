"""CSV imports: creating an account from an uploaded file (CsvImportWorkflow), importing a file into an
account the user has (AccountImportWorkflow), and the job status both are polled with.

A file for an integration of category Exchange makes an exchange account fed by files (kind 1); the
generic CSV and wallet or blockchain integrations make a custom wallet (kind 3).
"""

from __future__ import annotations

import uuid

import strawberry
from temporalio.service import RPCError

from api.context import CairnInfo
from api.schema.accounts import Account, account_id_of
from api.schema.uploads import check_upload
from ledger.import_types import IMPORT_TYPE_NAMES, allowed_import_types
from ledger.models import Job
from ledger.scope.catalog import integration_by_slug
from vocabulary.enums import AccountKind, ImportType, IntegrationCategory, JobKind, JobStatus
from vocabulary.errors import (
    CUSTOM_WALLET_CREATION_FAILED,
    VIEW_AS_IMPORT_FORBIDDEN,
    WALLET_NAME_REQUIRED,
    AccountError,
    account_error_message,
    wrong_import_type,
)
from workflows.csv_import import (
    AccountImportInput,
    AccountImportWorkflow,
    CsvImportInput,
    CsvImportWorkflow,
    account_import_workflow_id,
)
from workflows.csv_import import workflow_id as csv_import_workflow_id

UNKNOWN_JOB = "This import could not be found."


@strawberry.input
class CustomWalletInput:
    wallet_name: str
    csv_url: str
    account_type_slug: str


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
    csv_url: str
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
    progress: int

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
            progress=job.progress,
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
            progress=0,
        )

    @strawberry.field(description="The account the file was imported into: a custom wallet or an exchange.")
    async def created_custom_wallet(self, info: CairnInfo) -> Account | None:
        if self.account_id is None:
            return None
        row = await info.context.scope.account(self.account_id)
        return None if row is None else Account.of(row)


@strawberry.type
class ImportsQuery:
    @strawberry.field
    async def csv_import_job_status(self, info: CairnInfo, job_id: str) -> CsvImportJob:
        job = await info.context.scope.job(job_id, JobKind.CSV_IMPORT)
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
        account = await context.scope.create_account(kind, name, integration)
        job_id = csv_import_workflow_id(str(uuid.uuid4()))
        await context.scope.create_job(job_id, JobKind.CSV_IMPORT, account.id)
        await context.session.commit()
        try:
            client = await context.services.temporal()
            await client.start_workflow(
                CsvImportWorkflow.run,
                CsvImportInput(
                    job_id=job_id, account_id=account.id, user_id=context.user.id, file_url=given.csv_url
                ),
                id=job_id,
                task_queue=context.services.settings.task_queue,
            )
        except (RPCError, RuntimeError):
            await context.scope.fail_job(job_id, CUSTOM_WALLET_CREATION_FAILED)
            await context.scope.discard_account(account.id)
            await context.session.commit()
            return CreateCustomWalletResult.failed(AccountError.GENERIC_ERROR, CUSTOM_WALLET_CREATION_FAILED)
        return CreateCustomWalletResult(success=True, job_id=job_id)

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
        account = None if account_id is None else await context.scope.account(account_id)
        if account is None or account.will_be_deleted:
            return ImportAccountTransactionsResult.failed(AccountError.ACCOUNT_NOT_FOUND)
        if input.import_type not in allowed_import_types(account.kind, account.integration_slug):
            return ImportAccountTransactionsResult.failed(AccountError.INVALID_IMPORT_TYPE)
        if context.services.storage.key_of(input.csv_url, context.user.public_id) is None:
            return ImportAccountTransactionsResult.failed(AccountError.INVALID_FILE_URL)
        report = await check_upload(context, input.csv_url)
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
        job_id = account_import_workflow_id(str(uuid.uuid4()))
        await context.scope.create_job(job_id, JobKind.CSV_IMPORT, account.id)
        account.is_syncing = True
        await context.session.commit()
        try:
            client = await context.services.temporal()
            await client.start_workflow(
                AccountImportWorkflow.run,
                AccountImportInput(
                    job_id=job_id,
                    account_id=account.id,
                    user_id=context.user.id,
                    file_url=input.csv_url,
                    import_type=input.import_type,
                ),
                id=job_id,
                task_queue=context.services.settings.task_queue,
            )
        except (RPCError, RuntimeError):
            await context.scope.fail_job(job_id, CUSTOM_WALLET_CREATION_FAILED)
            account.is_syncing = False
            await context.session.commit()
            return ImportAccountTransactionsResult.failed(
                AccountError.GENERIC_ERROR, CUSTOM_WALLET_CREATION_FAILED
            )
        return ImportAccountTransactionsResult(success=True, job_id=job_id)
