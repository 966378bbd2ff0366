-- Neovim headless LSP client for test/editor/neovim.test.ts.
-- LSP_FILE=<file> DIAG_OUT=<json> LSP_CMD='<server command>' [LSP_TIMEOUT_MS=20000] nvim --headless -u NONE -i NONE -n -c 'luafile <this>'
-- Opens the file, attaches the server, waits for diagnostics, writes them (0-based positions) and the
-- hover text at HOVER_LINE/HOVER_COL (0-based) to DIAG_OUT, and exits 0 (2 when none came, 3 on error).
local file = assert(os.getenv('LSP_FILE'))
local out = assert(os.getenv('DIAG_OUT'))
local cmd = vim.split(assert(os.getenv('LSP_CMD')), ' ', { trimempty = true })

local function finish(code, payload)
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(payload))
  f:close()
  vim.cmd((code == 0) and 'qall!' or ('cquit! ' .. code))
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  vim.bo.filetype = 'plsql' -- -u NONE: no filetype detection
  local id = assert(vim.lsp.start_client({
    name = 'plsql-perf',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
  }))
  vim.lsp.buf_attach_client(0, id)
  local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '20000')
  local got = vim.wait(timeout, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local diags = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(diags, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity,
      message = d.message, source = d.source, code = (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or vim.NIL,
    })
  end
  local hover = vim.NIL
  local hover_line = tonumber(os.getenv('HOVER_LINE') or '')
  if hover_line then
    local params = { textDocument = vim.lsp.util.make_text_document_params(0),
                     position = { line = hover_line, character = tonumber(os.getenv('HOVER_COL') or '0') } }
    local responses = vim.lsp.buf_request_sync(0, 'textDocument/hover', params, timeout)
    for _, r in pairs(responses or {}) do
      if r.result and r.result.contents then hover = r.result.contents.value or vim.NIL end
    end
  end
  local v = vim.version()
  finish(got and 0 or 2, { ok = got, nvim = ('%d.%d.%d'):format(v.major, v.minor, v.patch), diagnostics = diags, hover = hover })
end)
if not ok then finish(3, { ok = false, error = tostring(err) }) end
