"""Names that are used, in ways vulture cannot see: its whitelist (pyproject.toml's [tool.vulture] reads this file
with pysrc/, tests/ and build.py; tests/core/test_dead_code.py runs it).  Never imported nor run: each line only
"uses" a name, and vulture matches names, not objects.  Each entry says who uses the name; a name that is dead
is deleted from the code instead of being added here.
"""

_ = object  # the receiver of the attribute names below; vulture looks at the names only

# -- pysrc/buildtools ----------------------------------------------------------------------------------------
mtime_ns  # stamps._sha256_cached: part of the lru_cache key (a file rewritten in place is hashed again), not read

# -- pysrc/puzzlesolver: what the page's workers call through Pyodide (tests call them too, today) ------------
call  # webapi.call: site/worker/worker.js's one way into the engine
took  # budget.took: worker.js words its start-up time with it
answer_json  # teach.page.answer_json: site/worker/code-worker.js's one way into the assignment's tests

# -- pysrc/puzzlesolver/policy: the plan table's columns, read by name ----------------------------------------
_.auto  # plans.Row: a request kind, read with getattr(row, request_kind(options)) by plans.plan_for
_.pdb  # plans.Row: the same

# -- pysrc/puzzlesolver/teach: the protocols Python itself calls ---------------------------------------------
_.find_spec  # loading._Finder: importlib's MetaPathFinder protocol (on sys.meta_path, called by import)
_.create_module  # loading._Finder: importlib's Loader protocol
_.exec_module  # loading._Finder: importlib's Loader protocol
_.writable  # loading._CappedText, the students' output: io's text-stream protocol
exc_info  # loading.StudentCode: __exit__(*exc_info), the signature the with statement calls
_.delMin  # priority_queue.MinPQ: algs4's camelCase spelling, for students translating the Java line by line
_.isEmpty  # priority_queue.MinPQ: the same

# -- tests: pytest's hooks, markers and fixtures, and the standard library's hooks ---------------------------
pytest_terminal_summary  # pytest's hooks (tests/conftest.py: the figures the tests measure)
pytest_sessionfinish  # the same
pytest_testnodedown  # pytest-xdist's hook, the same
_.pytest_sessionstart  # tests/core/mutants.py LineMap: a pytest plugin's hooks, called by pytest
_.pytest_collection_finish  # the same
_.pytest_runtest_protocol  # the same
_.pytest_runtest_logfinish  # the same
pytestmark  # read by pytest: marks every test of the module
csp_bypassed_unless_asked  # tests/web/conftest.py: an autouse fixture, requested by no test by name
browser_type_launch_args  # tests/conftest.py: overrides pytest-playwright's fixture of that name, which the plugin requests
_.daemon_threads  # http.server.ThreadingHTTPServer reads it: the test servers' threads do not block the exit
_.handle_error  # socketserver calls it on a dropped connection (tests/browsers/conftest.py)
client_address  # the same method's parameter, in socketserver's signature
_.binary_location  # read by Selenium's WebKitGTK options (tests/browsers/test_webkit.py)
_.prog  # read by argparse for its usage line (tests/web/bench_browser.py)
