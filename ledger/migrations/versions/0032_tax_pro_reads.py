"""A tax pro's reads of a client's data are audited too: the action kind 'read'.

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-28 22:30:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CONSTRAINT = "ck_tax_pro_actions_tax_pro_action_kind"


def _allow(kinds: str) -> None:
    op.drop_constraint(op.f(_CONSTRAINT), "tax_pro_actions", type_="check")
    op.create_check_constraint(op.f(_CONSTRAINT), "tax_pro_actions", f"action IN ({kinds})")


def upgrade() -> None:
    _allow("'view_as', 'stop_viewing', 'mutation', 'read'")


def downgrade() -> None:
    op.execute("DELETE FROM tax_pro_actions WHERE action = 'read'")
    _allow("'view_as', 'stop_viewing', 'mutation'")
