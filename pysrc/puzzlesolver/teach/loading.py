"""Loading a student's source files: checked first, then imported afresh for every test.

:func:`checked_sources` turns what the page or the command line hands over (file name -> text or bytes) into
checked Python text, or raises :class:`StudentCodeError` with one sentence (no files, a file over 1 MB, not
UTF-8, a name that is not a module name, a syntax error with its file and line).  :class:`StudentCode` then
imports the files as modules named after them, so that ``from board import Board`` works between them: fresh
module objects on every entry, taken out of ``sys.modules`` again on exit, so that no test sees what an
earlier one left behind.  Printed text is captured (capped at :data:`OUTPUT_LIMIT` characters).  Frames of the
student's own files are what :func:`student_frames` keeps of a traceback: the rest is the grader's business.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import io
import sys
import types
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, Dict, List, Mapping, Optional, Union

from .priority_queue import MinPQ

__all__ = ["StudentCodeError", "StudentCode", "checked_sources", "student_frames", "describe_error",
           "MAX_FILE_BYTES", "OUTPUT_LIMIT"]

#: The largest source file accepted.
MAX_FILE_BYTES = 1_000_000

#: How much printed text a test keeps.
OUTPUT_LIMIT = 10_000

#: Modules a student may import that are not files of theirs: ``algs4`` gives MinPQ, as edu.princeton.cs.algs4.
PROVIDED_MODULES = {"algs4": {"MinPQ": MinPQ}}


class StudentCodeError(Exception):
    """The student's files cannot be run; the message is one sentence fit to show them."""


def checked_sources(sources: Mapping[str, Union[str, bytes]]) -> Dict[str, str]:
    """The files as text, in the order given, each compiled once to find syntax errors; StudentCodeError
    with one sentence for the first problem."""
    if not sources:
        raise StudentCodeError("No files were given: hand in your Board and Solver (.py files).")
    checked: Dict[str, str] = {}
    for name, content in sources.items():
        module = _module_name(name)
        if len(content) > MAX_FILE_BYTES:
            raise StudentCodeError(f"{name} is over 1 MB: hand in your source code only.")
        if isinstance(content, bytes):
            try:
                content = content.decode("utf-8")
            except UnicodeDecodeError:
                raise StudentCodeError(f"{name} is not UTF-8 text: save it as UTF-8.") from None
        if module in sys.stdlib_module_names or module in PROVIDED_MODULES or module == "puzzlesolver":
            raise StudentCodeError(f"{name} has the name of a module Python already has: rename it.")
        content = content.lstrip("\ufeff")
        try:
            compile(content, name, "exec", dont_inherit=True)
        except SyntaxError as error:
            raise StudentCodeError(f"{name}, line {error.lineno}: {error.msg}.") from None
        except ValueError as error:  # e.g. a NUL byte
            raise StudentCodeError(f"{name}: {error}.") from None
        checked[name] = content
    return checked


def _module_name(filename: str) -> str:
    if not filename.endswith(".py") or "/" in filename or "\\" in filename:
        raise StudentCodeError(f"{filename[:60]!r} is not a Python file name such as board.py.")
    module = filename[:-3]
    if not module.isidentifier():
        raise StudentCodeError(f"{filename[:60]} cannot be imported: a module name is letters, digits and _.")
    return module


class _CappedText(io.TextIOBase):
    """A text stream keeping the first :data:`OUTPUT_LIMIT` characters written to it and counting the rest."""

    def __init__(self) -> None:
        self.parts: List[str] = []
        self.kept = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = OUTPUT_LIMIT - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += len(self.parts[-1])
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def text(self) -> str:
        note = f"\n[output cut: {self.dropped:,} more characters were printed]\n" if self.dropped else ""
        return "".join(self.parts) + note


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the student's modules (and the provided ones) by name, for the duration of one test."""

    def __init__(self, sources: Dict[str, str]) -> None:
        self.sources = {name[:-3]: (name, text) for name, text in sources.items()}

    def find_spec(self, fullname, path=None, target=None):
        if path is None and (fullname in self.sources or fullname in PROVIDED_MODULES):
            origin = self.sources[fullname][0] if fullname in self.sources else None
            return importlib.util.spec_from_loader(fullname, self, origin=origin)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        name = module.__name__
        if name in PROVIDED_MODULES:
            module.__dict__.update(PROVIDED_MODULES[name])
            return
        filename, text = self.sources[name]
        module.__file__ = filename
        exec(compile(text, filename, "exec", dont_inherit=True), module.__dict__)


class StudentCode:
    """The student's modules, imported afresh on entry and forgotten on exit (a context manager).

    ``output`` is the text printed meanwhile; :meth:`find` a name defined by one of the files.  Entering
    raises StudentCodeError when a file fails to import (its file, line and error in one sentence).
    """

    def __init__(self, sources: Dict[str, str]) -> None:
        self.sources = sources
        self.modules: Dict[str, types.ModuleType] = {}
        self._finder = _Finder(sources)
        self._saved: Dict[str, Any] = {}
        self._output = _CappedText()
        self._redirects: List[Any] = []

    @property
    def output(self) -> str:
        return self._output.text()

    def __enter__(self) -> "StudentCode":
        names = list(self._finder.sources) + list(PROVIDED_MODULES)
        self._saved = {name: sys.modules.pop(name) for name in names if name in sys.modules}
        sys.meta_path.insert(0, self._finder)
        self._redirects = [redirect_stdout(self._output), redirect_stderr(self._output)]
        for redirect in self._redirects:
            redirect.__enter__()
        try:
            for module in self._finder.sources:
                try:
                    self.modules[module] = importlib.import_module(module)
                except Exception as error:
                    raise StudentCodeError(describe_error(error, self.sources, "importing your files")) from error
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        for redirect in reversed(self._redirects):
            redirect.__exit__(None, None, None)
        self._redirects = []
        if self._finder in sys.meta_path:
            sys.meta_path.remove(self._finder)
        for name in list(self._finder.sources) + list(PROVIDED_MODULES):
            sys.modules.pop(name, None)
        sys.modules.update(self._saved)

    def find(self, name: str) -> Optional[Any]:
        """The object called ``name`` in the student's files: preferably from the file that defines it, else
        from any file (the last given wins); None when no file has it."""
        found = None
        for module_name, module in self.modules.items():
            value = module.__dict__.get(name)
            if value is None:
                continue
            if getattr(value, "__module__", None) == module_name:
                return value
            found = value
        return found


def student_frames(error: BaseException, sources: Mapping[str, str]) -> List[Dict[str, Any]]:
    """The frames of ``error``'s traceback in the student's files, outermost first: ``{file, line, function,
    code}``, ``code`` the line's text (stripped)."""
    frames = []
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename in sources:
            lines = sources[code.co_filename].splitlines()
            line = tb.tb_lineno
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            frames.append({"file": code.co_filename, "line": line, "function": code.co_name, "code": text})
        tb = tb.tb_next
    if isinstance(error, SyntaxError) and error.filename in sources:  # raised while importing a file
        frames.append({"file": error.filename, "line": error.lineno, "function": "<module>",
                       "code": (error.text or "").strip()})
    return frames


def describe_error(error: BaseException, sources: Mapping[str, str], doing: str = "") -> str:
    """One sentence for an exception raised by the student's code: where (their deepest frame) and what."""
    frames = student_frames(error, sources)
    where = f"{frames[-1]['file']}, line {frames[-1]['line']}: " if frames else ""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if isinstance(error, MemoryError):
        what = "the test used all memory (MemoryError)"
    elif isinstance(error, RecursionError):
        what = "RecursionError: the recursion went too deep (a method calling itself without end?)"
    context = f" while {doing}" if doing and not frames else ""
    return f"{where}{what}{context}".rstrip(".") + "."
