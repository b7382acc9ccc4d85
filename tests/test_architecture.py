"""The layering contracts cover every module, so a new one cannot slip past them."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _contracts():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return {c["name"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_every_desktop_core_module_is_under_the_no_qt_contract():
    sources = set(_contracts()["The desktop core never imports the UI or Qt"]["source_modules"])
    core = {
        f"desktop.{path.stem}" if path.is_file() else f"desktop.{path.name}"
        for path in (ROOT / "desktop").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists() and path.name != "ui")
    }
    assert core - sources == set(), "add these modules to the contract in pyproject.toml"


def test_the_engine_contract_forbids_third_party_imports():
    contract = _contracts()["The engine imports nothing of ours and nothing third-party"]
    assert {"numpy", "PySide6", "torch"} <= set(contract["forbidden_modules"])
