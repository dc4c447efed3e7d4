"""ENS names under `.eth`."""

_MIN_NAME_LENGTH = 3  # the .eth registrar does not sell shorter second-level names


def _is_label(label: str) -> bool:
    return (
        bool(label) and label[0] != "-" and label[-1] != "-" and all(c.isalnum() or c == "-" for c in label)
    )


def is_ens_name(text: str) -> bool:
    """True for `name.eth` or `sub.name.eth` whose labels are letters, digits and inner hyphens."""
    labels = text.lower().split(".")
    return (
        len(labels) >= 2
        and labels[-1] == "eth"
        and len(labels[-2]) >= _MIN_NAME_LENGTH
        and all(_is_label(label) for label in labels[:-1])
    )
