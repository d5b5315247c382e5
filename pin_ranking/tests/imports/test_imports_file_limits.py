"""A results file is read by the roster's reader: its limits and encoding rules hold, in words that fit it."""

from pin_ranking.imports.services import problem_message, read_results


def test_a_latin_1_results_file_is_not_read_on_a_guess():
    header = "federation_id,name,country,rank,table_points,contest_points\n"
    content = (header + "X1,Jürgen Müller,DE,1,10,5\n").encode("latin-1")
    rows, problems = read_results("results.csv", content)
    assert rows == [] and [p.code for p in problems] == ["encoding_confirm"]
    assert "{code}" not in problem_message(problems[0].as_dict())


def test_a_zip_bomb_results_workbook_is_refused_before_it_is_opened():
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", "0" * (60 * 2**20))
    rows, problems = read_results("results.xlsx", buffer.getvalue())
    assert rows == [] and [p.code for p in problems] == ["xlsx_too_large"]
    message = problem_message(problems[0].as_dict())
    assert "{code}" not in message and "roster" not in message  # T4-9: the words fit a results file too
    assert "Save only the sheet with the rows to import" in message
