"""``python -m cardrules.profile``: rewrite the snapshot of the shipped families' profiles."""

import sys

from cardrules.profile.validated import snapshot_path, snapshot_text

target = snapshot_path()
target.write_text(snapshot_text(), encoding="utf-8")
print(f"wrote {target}", file=sys.stderr)
