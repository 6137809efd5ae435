cmd 'it'\''s' "a \"b\" $X ${Y:-z}" c\ d # comment
next && other || third
