# Copies the committed catalogue and lets lupdate add every string the sources contain today.
# Inputs: LUPDATE, TS_FILE, OUT_FILE, SOURCES (a ;-list of source files).
get_filename_component(out_dir "${OUT_FILE}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")
file(COPY_FILE "${TS_FILE}" "${OUT_FILE}")
string(REPLACE ";" "\n" source_lines "${SOURCES}")
file(WRITE "${out_dir}/sources.lst" "${source_lines}\n")
execute_process(
    COMMAND "${LUPDATE}" -silent -no-obsolete -locations none "@${out_dir}/sources.lst" -ts "${OUT_FILE}"
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${result})")
endif()
