-- HTTP/1.1 pipelining for wrk (bench/run's pipelined workload): each connection writes `depth` GETs of the URL
-- at once and the next batch when all of them are answered. Usage: wrk ... -s wrk-pipeline.lua URL -- DEPTH
init = function(args)
  local depth = tonumber(args[1]) or 1
  local batch = {}
  for i = 1, depth do batch[i] = wrk.format(nil, nil) end
  req = table.concat(batch)
end

request = function()
  return req
end
